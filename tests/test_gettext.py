"""The gettext domains: lazy English lines, translation at draw time, plural forms, broken catalogues, extraction."""

import gettext
from pathlib import Path

import pytest

from game.i18n.gettext_domains import CatalogueError, Domain, Lazy, read_catalogue, translate, use_language

PO = '''msgid ""
msgstr ""
"Language: zh_CN\\n"
"Plural-Forms: nplurals=1; plural=0;\\n"
"Content-Type: text/plain; charset=utf-8\\n"

msgid "{attacker} hits {target}"
msgstr "{attacker}击中{target}"

msgid "Goblin"
msgstr "地精"

msgid "{n} square"
msgid_plural "{n} squares"
msgstr[0] "{n}格"

msgid "{who} waits"
msgstr "{somebody}等待"
'''


@pytest.fixture
def domain(tmp_path: Path):
    folder = tmp_path / "locale" / "zh_CN" / "LC_MESSAGES"
    folder.mkdir(parents=True)
    (folder / "toy.po").write_text(PO, encoding="utf-8")
    made = Domain("toy", tmp_path / "locale")
    yield made
    made.unregister()
    use_language("en")


def test_a_lazy_line_reads_as_english_and_is_drawn_in_the_chosen_language(domain):
    line = domain.lazy("{attacker} hits {target}", attacker="Brakka", target="Goblin")
    assert isinstance(line, Lazy) and line == "Brakka hits Goblin"
    assert translate(line) == "Brakka hits Goblin"
    assert use_language("zh") == []
    assert translate(line) == "Brakka击中地精" and line == "Brakka hits Goblin"


def test_plural_forms_follow_the_language(domain):
    assert domain.lazy_plural("{n} square", "{n} squares", 1) == "1 square"
    assert domain.lazy_plural("{n} square", "{n} squares", 3) == "3 squares"
    use_language("zh")
    assert translate(domain.lazy_plural("{n} square", "{n} squares", 3)) == "3格"
    assert domain.ngettext("{n} square", "{n} squares", 1) == "{n}格"


def test_a_translation_that_invents_a_placeholder_shows_the_english_instead_of_failing(domain):
    use_language("zh")
    assert translate(domain.lazy("{who} waits", who="Vess")) == "Vess waits"


def test_a_missing_catalogue_is_one_line_naming_the_file_and_its_messages_stay_english(tmp_path, capsys):
    lonely = Domain("absent", tmp_path / "nowhere")
    problems = use_language("zh")
    assert any(str(lonely.catalogue_path("zh")) in line and "\n" not in line for line in problems)
    assert lonely.gettext("End turn") == "End turn"
    lonely.unregister()
    use_language("en")


def test_a_broken_catalogue_is_refused_in_one_line_naming_the_file(tmp_path):
    path = tmp_path / "broken.po"
    path.write_text('msgid "a"\nmsgstr "b\n\nmsgid\n', encoding="utf-8")
    with pytest.raises(CatalogueError) as caught:
        read_catalogue(path)
    assert str(caught.value).startswith(str(path)) and "\n" not in str(caught.value)


def test_a_catalogue_compiles_to_standard_gettext_translations(domain):
    assert isinstance(read_catalogue(domain.catalogue_path("zh")), gettext.GNUTranslations)


def test_a_lazy_line_sent_to_the_helper_process_and_back_is_still_translated(domain):
    import pickle

    line = pickle.loads(pickle.dumps(domain.lazy("{attacker} hits {target}", attacker="Brakka", target="Goblin")))
    assert isinstance(line, Lazy) and line == "Brakka hits Goblin"
    assert use_language("zh") == []
    assert translate(line) == "Brakka击中地精"


def test_a_lazy_line_of_a_domain_the_other_process_lacks_arrives_as_its_english(tmp_path):
    import pickle

    gone = Domain("gone", tmp_path)
    data = pickle.dumps(gone.lazy("{who} waits", who="Goblin"))
    gone.unregister()
    line = pickle.loads(data)
    assert line == "Goblin waits" and not isinstance(line, Lazy)
