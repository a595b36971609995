"""Hostile-file mutators: seeded, reproducible damage to maps, saves and settings files, mixing what a careless
editor does (a bad number, a cut file) with what an attacker does (paths out of the folder, devices, pipes,
huge sizes, deep nesting, decompression bombs)."""

from __future__ import annotations

import base64
import json
import os
import random
import re
import shutil
import zlib
from pathlib import Path
from typing import Any, Callable

ROOT = Path(__file__).resolve().parent.parent.parent
SHIPPED_MAPS = sorted((ROOT / "maps").glob("*.tmx"))
TILED_EXAMPLES = ROOT.parent.parent / "shared" / "tiled-examples"     # /work/shared beside the worktrees
if not TILED_EXAMPLES.is_dir():
    TILED_EXAMPLES = ROOT.parent / "shared" / "tiled-examples"
if not TILED_EXAMPLES.is_dir():
    TILED_EXAMPLES = Path("/work/shared/tiled-examples")

HOSTILE_PATHS = ("/etc/passwd", "/etc/shadow", "/dev/zero", "/dev/urandom", "../../../../../../etc/passwd",
                 "../outside.tsx", "C:\\Windows\\win.ini", "fifo", "to-urandom", "to-passwd", "missing.tsx", "",
                 "a" * 5000, "sub/../../escape.png")
BAD_NUMBERS = ("nan", "NaN", "inf", "-inf", "1e308", "-1e308", "1e999", "-1", "0", "-0", "99999999999999999999",
               "1" * 5000, "abc", "", " ", "1.5", "10000", "100000", "0x10", "1_000", "٣", "4294967295", "268435457")


def _flag_files(folder: Path) -> None:
    """Plant what a hostile map points at inside its own folder: a FIFO and links that lead out."""
    for name, target in (("to-urandom", "/dev/urandom"), ("to-passwd", "/etc/passwd")):
        if not os.path.lexists(folder / name):
            os.symlink(target, folder / name)
    if not os.path.lexists(folder / "fifo"):
        os.mkfifo(folder / "fifo")


# --- maps ---------------------------------------------------------------------------------------------------

def map_seeds() -> list[Path]:
    """The maps mutations start from: the shipped maps and Tiled's own examples."""
    examples = sorted(TILED_EXAMPLES.rglob("*.tmx")) if TILED_EXAMPLES.is_dir() else []
    return SHIPPED_MAPS + examples


def copy_map(seed: Path, folder: Path) -> Path:
    """The seed map with its tilesets and images copied beside it (paths rewritten to the copies), so the
    mutations can reach every file the map reads."""
    folder.mkdir(parents=True, exist_ok=True)
    text = seed.read_text(encoding="utf-8")
    for source in sorted(set(re.findall(r'source="([^"]+)"', text))):
        found = (seed.parent / source).resolve()
        if not found.is_file():
            continue
        shutil.copyfile(found, folder / found.name)
        if found.suffix == ".tsx":
            for image in re.findall(r'source="([^"]+)"', found.read_text(encoding="utf-8")):
                picture = (found.parent / image).resolve()
                if picture.is_file() and not (folder / picture.name).exists():
                    shutil.copyfile(picture, folder / picture.name)
        text = text.replace(f'source="{source}"', f'source="{found.name}"')
    target = folder / seed.name
    target.write_text(text, encoding="utf-8")
    return target


def _attr_sub(text: str, rng: random.Random, names: tuple[str, ...], values: tuple[str, ...]) -> str:
    spots = [m for m in re.finditer(r'\b(' + "|".join(names) + r')="([^"]*)"', text)]
    if not spots:
        return text
    spot = rng.choice(spots)
    return text[:spot.start(2)] + rng.choice(values) + text[spot.end(2):]


def _number_attr(text: str, rng: random.Random) -> str:
    names = ("width", "height", "tilewidth", "tileheight", "x", "y", "id", "gid", "firstgid", "rotation",
             "tilecount", "columns", "spacing", "margin", "offsetx", "offsety", "opacity", "nextobjectid")
    return _attr_sub(text, rng, names, BAD_NUMBERS)


def _huge_map(text: str, rng: random.Random) -> str:
    size = rng.choice(("10000", "100000", "2147483647", "257", "0", "-5"))
    text = re.sub(r'(<map [^>]*?\bwidth=")\d+', r"\g<1>" + size, text, count=1)
    return re.sub(r'(<map [^>]*?\bheight=")\d+', r"\g<1>" + rng.choice((size, "40")), text, count=1)


def _zero_tiles(text: str, rng: random.Random) -> str:
    return re.sub(r'\btile(width|height)="\d+"', lambda m: f'tile{m.group(1)}="{rng.choice(("0", "-32", "100000"))}"',
                  text)


def _nest_groups(text: str, rng: random.Random) -> str:
    depth = rng.choice((30, 200, 2000, 20000))
    match = re.search(r"<(layer|objectgroup)\b", text)
    if match is None:
        return text
    close = "</layer>" if match.group(1) == "layer" else "</objectgroup>"
    end = text.find(close, match.start())
    if end < 0:
        return text
    end += len(close)
    return text[:match.start()] + '<group name="g">' * depth + text[match.start():end] + "</group>" * depth + text[end:]


def _empty_shape(text: str, rng: random.Random) -> str:
    shape = rng.choice(('<polyline points=""/>', '<polygon points=""/>', '<polyline points="0,0"/>',
                        '<polygon points="nan,0 1,1 2,2"/>', '<polyline points="0,0 1e308,1e308"/>',
                        '<polyline points="a,b c,d"/>', '<polygon points="' + "0,0 " * 5000 + '"/>'))
    return re.sub(r"(<object [^>]*?)/>", lambda m: m.group(1) + ">" + shape + "</object>", text, count=1)


def _bad_encoding(text: str, rng: random.Random) -> str:
    declared = rng.choice(("bogus-8", "UTF-16", "latin-1", "utf-32", "x" * 300))
    return re.sub(r'^<\?xml[^>]*\?>', f'<?xml version="1.0" encoding="{declared}"?>', text, count=1) \
        if text.startswith("<?xml") else f'<?xml version="1.0" encoding="{declared}"?>\n' + text


def _huge_firstgid(text: str, rng: random.Random) -> str:
    return _attr_sub(text, rng, ("firstgid",), ("2147483647", "4294967296", "268435456", "99999999999", "0", "-1"))


def _tile_id_text(text: str, rng: random.Random) -> str:
    return _attr_sub(text, rng, ("id",), ("one", "", "1.5", "-3", "9" * 50))


def _hostile_source(text: str, rng: random.Random) -> str:
    return _attr_sub(text, rng, ("source",), HOSTILE_PATHS)


def _hostile_template(text: str, rng: random.Random) -> str:
    source = rng.choice(HOSTILE_PATHS + ("bad.tx",))
    return re.sub(r"<object ", lambda _: f'<object template="{source}" ', text, count=1)


def _doctype(text: str, rng: random.Random) -> str:
    bomb = ('<!DOCTYPE map [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">'
            '<!ENTITY c "&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;"><!ENTITY d "&c;&c;&c;&c;&c;&c;&c;&c;&c;&c;">'
            '<!ENTITY e SYSTEM "file:///etc/passwd">]>')
    body = re.sub(r'name="([^"]*)"', 'name="&d;&e;"', text, count=1)
    return re.sub(r"(<\?xml[^>]*\?>)", r"\1" + bomb, body, count=1)


def _bomb_layer(text: str, rng: random.Random) -> str:
    payload = zlib.compress(b"\x00" * rng.choice((10**6, 10**8)), 9)
    data = f'<data encoding="base64" compression="zlib">{base64.b64encode(payload).decode()}</data>'
    return re.sub(r"<data[^>]*>.*?</data>", data, text, count=1, flags=re.S)


def _csv_garbage(text: str, rng: random.Random) -> str:
    junk = rng.choice(("x,y,z", "1,2", "-1," * 100, "99999999999999999999,", ",".join(["1"] * 10**6), "1e5,2"))
    return re.sub(r'(<data encoding="csv">)(.*?)(</data>)', lambda m: m.group(1) + junk + m.group(3), text, count=1,
                  flags=re.S)


def _bad_property(text: str, rng: random.Random) -> str:
    kind = rng.choice(("int", "float", "bool", "object", "class", "file"))
    value = rng.choice(BAD_NUMBERS + ("/etc/passwd", "true", "\u202e"))
    name = rng.choice(("light_radius", "elevation_ft", "side", "portal", "wall", "obscured", "title", "height"))
    prop = f'<properties><property name="{name}" type="{kind}" value="{value}"/></properties>'
    return re.sub(r"(<object [^>]*?)/>", lambda m: m.group(1) + ">" + prop + "</object>", text, count=1)


def _huge_object(text: str, rng: random.Random) -> str:
    big = rng.choice(("1e7", "9999999", "1e300", "100000"))
    obj = (f'<objectgroup name="huge"><object id="9999" x="0" y="0" width="{big}" height="{big}" '
           f'rotation="{rng.choice(("0", "45", "1e300"))}"><properties>'
           f'<property name="{rng.choice(("difficult", "light_radius", "side"))}" '
           f'type="{rng.choice(("bool", "int", "string"))}" value="{rng.choice(("true", "99999", "blue"))}"/></properties></object>'
           "</objectgroup>")
    return text.replace("</map>", obj + "</map>")


def _many_objects(text: str, rng: random.Random) -> str:
    count = rng.choice((500, 3000, 20000))
    objects = "".join(f'<object id="{9000 + i}" x="{i % 50 * 32}" y="{i // 50 * 32}" width="3200" height="3200">'
                      '<properties><property name="light_radius" type="int" value="50"/></properties></object>'
                      for i in range(count))
    return text.replace("</map>", f'<objectgroup name="many">{objects}</objectgroup></map>')


def _long_name(text: str, rng: random.Random) -> str:
    name = rng.choice(("n" * 300000, "line\nbreak", "tab\there", "\u0301" * 1000))
    return re.sub(r'(<(?:layer|objectgroup)[^>]*?name=")([^"]*)', lambda m: m.group(1) + name, text, count=1)


def _truncate(text: str, rng: random.Random) -> str:
    return text[:rng.randrange(len(text) + 1)]


def _flip(text: str, rng: random.Random) -> str:
    chars = list(text)
    for _ in range(rng.randint(1, 8)):
        if chars:
            chars[rng.randrange(len(chars))] = rng.choice('<>"=/&;0123456789-. \n\x01é')
    return "".join(chars)


def _duplicate(text: str, rng: random.Random) -> str:
    if len(text) < 4:
        return text
    a = rng.randrange(len(text))
    b = min(len(text), a + rng.randrange(1, 400))
    return text[:b] + text[a:b] * rng.randint(1, 50) + text[b:]


def _infinite(text: str, rng: random.Random) -> str:
    return re.sub(r'infinite="0"', 'infinite="1"', text)


MAP_MUTATIONS: dict[str, Callable[[str, random.Random], str]] = {
    "number attribute": _number_attr, "huge map": _huge_map, "zero tile size": _zero_tiles,
    "nested groups": _nest_groups, "empty or bad shape": _empty_shape, "bogus encoding": _bad_encoding,
    "huge firstgid": _huge_firstgid, "tile id not a number": _tile_id_text, "hostile source": _hostile_source,
    "hostile template": _hostile_template, "entities": _doctype, "compression bomb": _bomb_layer,
    "csv garbage": _csv_garbage, "bad property": _bad_property, "huge object": _huge_object,
    "many objects": _many_objects, "long name": _long_name, "truncated": _truncate, "bytes flipped": _flip,
    "duplicated chunk": _duplicate, "infinite": _infinite,
}
TILESET_MUTATIONS = ("number attribute", "zero tile size", "tile id not a number", "hostile source", "entities",
                     "bogus encoding", "truncated", "bytes flipped", "bad property", "long name")


def mutate_map(seed: Path, folder: Path, rng: random.Random) -> tuple[Path, list[str]]:
    """A damaged copy of ``seed`` in ``folder`` (its tilesets copied too, and sometimes damaged); returns the
    map's path and the names of the mutations applied."""
    target = copy_map(seed, folder)
    _flag_files(folder)
    template = folder / "bad.tx"
    template.write_text(rng.choice(('<?xml version="1.0"?><template><object width="nan" height="1"/></template>',
                                    '<?xml version="1.0"?><template><tileset firstgid="1" source="/etc/passwd"/>'
                                    '<object gid="1" width="32" height="32"/></template>',
                                    '<template><object x="1e999"><polyline points=""/></object></template>',
                                    "not xml")), encoding="utf-8")
    applied = []
    files = [target] + sorted(folder.glob("*.tsx"))
    for _ in range(rng.choice((1, 1, 1, 2, 3))):
        victim = rng.choice(files)
        names = list(MAP_MUTATIONS) if victim == target else list(TILESET_MUTATIONS)
        name = rng.choice(names)
        text = victim.read_text(encoding="utf-8", errors="replace")
        victim.write_text(MAP_MUTATIONS[name](text, rng), encoding="utf-8", errors="replace")
        applied.append(f"{name} ({victim.name})")
    return target, applied


# --- saves --------------------------------------------------------------------------------------------------

def _paths(value: Any, here: tuple = ()) -> list[tuple]:
    """Every path to a value inside a parsed JSON document (capped, so big saves stay quick)."""
    found = [here]
    if isinstance(value, dict):
        for key, inner in value.items():
            found.extend(_paths(inner, here + (key,)))
    elif isinstance(value, list):
        for index, inner in enumerate(value[:6]):
            found.extend(_paths(inner, here + (index,)))
    return found


def _set(document: Any, path: tuple, value: Any) -> None:
    target = document
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = value


RAW_HUGE_INT = "9" * 5000
SAVE_VALUES: tuple[Any, ...] = (None, True, False, -1, 0, 2**70, 1.5, "", "x" * 40000, "a\x00b", "godlike", [], {},
                                ["red"], {"type": "Move"}, "\u202e", -(2**63), "/dev/zero", "NESTED", "HUGE_INT")


def _nested(depth: int) -> Any:
    value: Any = "bottom"
    for _ in range(depth):
        value = [value]
    return value


def mutate_save(document: dict[str, Any], rng: random.Random, huge_map: Path, hostile_folder: Path
                ) -> tuple[str, list[str]]:
    """A damaged copy of a save or record document as file text; re-digested half the time (anyone can compute
    a sha256), so the checks behind the digest are tried too."""
    doc = json.loads(json.dumps(document))
    applied = []
    kind = rng.choice(("value", "value", "field", "commands", "raw", "record-commands"))
    if kind == "value":
        path = rng.choice([p for p in _paths(doc) if p])
        value = rng.choice(SAVE_VALUES)
        value = _nested(900) if value == "NESTED" else value
        _set(doc, path, value)
        applied.append(f"value {'.'.join(map(str, path))[:60]} = {str(value)[:20]!r}")
    elif kind == "field":
        choice = rng.choice(("difficulty", "ruleset", "surprised", "side", "map", "duplicate side", "seed"))
        setup = doc.get("setup", {})
        if choice == "difficulty" and "setup" in doc:
            setup["computer"] = {"red": rng.choice(("godlike", "", "x" * 5000, "hard"))}
        elif choice == "ruleset":
            doc["ruleset"] = rng.choice(("5e", "4e", "3.5e", "dnd5e", "", "x" * 1000))
        elif choice == "surprised" and "setup" in doc:
            setup["surprised"] = rng.choice((["red"], ["purple"], ["blue", "red"], [], ["\x00"]))
        elif choice == "side" and "setup" in doc:
            setup["rosters"][0]["side"] = rng.choice(("purple", "red", "", "\x00", "x" * 100000))
        elif choice == "duplicate side" and "setup" in doc:
            setup["rosters"].append(dict(setup["rosters"][0]))
        elif choice == "map":
            where = rng.choice(("/dev/zero", "/dev/urandom", "/etc/passwd", str(huge_map),
                                str(hostile_folder / "fifo"), "../../../etc/passwd", "maps/../../../etc/shadow"))
            if isinstance(doc.get("map"), dict):
                doc["map"]["path"] = where
            else:
                doc["map"] = where
        elif choice == "seed":
            doc["seed"] = rng.choice((-1, 2**64, 10**30, 1.0, "7"))
        applied.append(f"field {choice}")
    elif kind in ("commands", "record-commands"):
        commands = doc.get("commands", [])
        if len(commands) >= 2:
            op = rng.choice(("drop first", "swap", "duplicate", "drop last", "reverse"))
            if op == "drop first":
                commands.pop(0)
            elif op == "swap":
                i = rng.randrange(len(commands) - 1)
                commands[i], commands[i + 1] = commands[i + 1], commands[i]
            elif op == "duplicate":
                i = rng.randrange(len(commands))
                commands.insert(i, json.loads(json.dumps(commands[i])))
            elif op == "drop last":
                commands.pop()
            else:
                commands.reverse()
            if "events_sha256" in doc and isinstance(doc["events_sha256"], list) and rng.random() < 0.5:
                hashes = doc["events_sha256"]          # a careful forger moves the hashes along with them
                if op == "drop first":
                    hashes.pop(0)
                elif op == "drop last":
                    hashes.pop()
            applied.append(f"commands {op}")
    if kind != "raw" and rng.random() < 0.5 and isinstance(doc, dict) and "digest" in doc:
        from game.replay.format import document_digest

        try:
            doc["digest"] = document_digest(doc)
            applied.append("re-digested")
        except (TypeError, ValueError, RecursionError):
            pass
    try:
        text = json.dumps(doc, indent=1, ensure_ascii=False)
    except (ValueError, RecursionError):
        text = json.dumps(document)
    text = text.replace('"HUGE_INT"', RAW_HUGE_INT)
    if kind == "raw":
        op = rng.choice(("truncate", "flip", "nan", "huge number", "nest", "not utf-8", "empty"))
        if op == "truncate":
            text = text[:rng.randrange(len(text))]
        elif op == "flip":
            text = _flip(text, rng)
        elif op == "nan":
            text = text.replace('"seed": ', '"seed": NaN, "x": ', 1)
        elif op == "huge number":
            text = text.replace('"seed": ', f'"seed": {RAW_HUGE_INT}, "y": ', 1)
        elif op == "nest":
            text = "[" * 100000 + "]" * 100000
        elif op == "not utf-8":
            text = text[:100] + "\udcff"
        else:
            text = ""
        applied.append(f"raw {op}")
    return text, applied


# --- settings -----------------------------------------------------------------------------------------------

SETTINGS_VALUES = ("150.0", "150", "100", "true", '"normal"', "[65536, 65536]", "[1280, 720]", "[-1, -1]",
                   "[1280]", '"' + "x" * 100000 + '"', '"\\u0000"', "1" * 5000, "inf", "nan", "{a = 1}",
                   "[[[[[[[[[[1]]]]]]]]]]", '"en"', '"zh"', '"klingon-but-very-long-indeed"', "1979-05-27")
SETTINGS_KEYS = ("window", "fullscreen", "ui_scale", "animation_speed", "language", "volume", "keys")


def mutate_settings(folder: Path, rng: random.Random) -> tuple[Path, list[str]]:
    """A damaged settings.toml in ``folder``: bad values, or a FIFO, a link to a device, a folder, garbage."""
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / "settings.toml"
    kind = rng.choice(("values", "values", "values", "special"))
    if kind == "special":
        special = rng.choice(("fifo", "urandom", "zero", "folder", "huge", "binary", "nested"))
        if special == "fifo":
            os.mkfifo(path)
        elif special in ("urandom", "zero"):
            os.symlink(f"/dev/{special}", path)
        elif special == "folder":
            path.mkdir()
        elif special == "huge":
            path.write_text("# padding\n" * 100000, encoding="utf-8")
        elif special == "binary":
            path.write_bytes(bytes(rng.randrange(256) for _ in range(2000)))
        else:
            path.write_text("a = " + "[" * 5000 + "]" * 5000, encoding="utf-8")
        return path, [f"special {special}"]
    lines, applied = [], []
    for key in rng.sample(SETTINGS_KEYS, rng.randint(1, 4)):
        value = rng.choice(SETTINGS_VALUES)
        if key == "keys":
            lines.append(f'[keys]\n{rng.choice(("end_turn", "x" * 5000, "a"))} = {value}')
        else:
            lines.insert(0, f"{key} = {value}")
        applied.append(f"{key} = {value[:20]}")
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path, applied
