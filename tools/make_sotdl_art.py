"""Draw the sotdl-house creatures' sprites (assets/units/sotdl_*.png) with the same 16x16 pixel patterns,
outline and shadow as tools/make_art.py. Run: python tools/make_sotdl_art.py"""

from __future__ import annotations

import sys
from pathlib import Path

import pygame

sys.path.insert(0, str(Path(__file__).resolve().parent))
import make_art  # noqa: E402  (the shared drawing of tools/make_art.py)

PALETTE = {
    "q": (184, 190, 170),   # a ghoul's grave-pale skin
    "Q": (118, 126, 108),
    "j": (214, 120, 46),    # a monk's saffron robe
    "J": (150, 74, 30),
}

UNITS: dict[str, list[str]] = {
    "sotdl_orc": [
        "................",
        "....AAAA........",
        "...AaaaaA.....mm",
        "...AeaaeA....mMm",
        "...AawwaA....Mm.",
        "....AaaA.....L..",
        "..TTtttttTT..L..",
        ".aTtttttttTa.L..",
        ".aATtTTtTTAaLL..",
        "..A.TtttT..aL...",
        "....TTTTT...L...",
        "....LLyLL.......",
        "....TttTT.......",
        "....Aa..aA......",
        "...LLL..LLL.....",
        "................",
    ],
    "sotdl_ghoul": [
        "................",
        "......QQQ.......",
        ".....QqqqQ......",
        ".....QeqeQ......",
        ".....QqkqQ......",
        "......QkQ.......",
        "....QQnnnQQ.....",
        "...Qq.nNn.qQ....",
        "..Qq..nnn..qQ...",
        ".ww...nNn...ww..",
        "......nnn.......",
        ".....QnNnQ......",
        ".....Qq.qQ......",
        ".....Q...Q......",
        "....QQ...QQ.....",
        "................",
    ],
    "sotdl_troll": [
        "................",
        ".....VVVVV......",
        "....VvvvvvV.....",
        "....VevvveV.....",
        "....VvkkkvV.....",
        "..VVVvwvwvVVV...",
        ".VvvvVvvvVvvvV..",
        ".Vv.VttttTV.vV..",
        ".Vv.VtTttTV.vVL.",
        ".vv.VttttTV.vll.",
        "....VVVVVVV..lL.",
        "....Vvv.vvV.....",
        "....Vv...vV.....",
        "...VVv...vVV....",
        "...VVV...VVV....",
        "................",
    ],
    "sotdl_cultist": [
        "................",
        "......NNNN......",
        ".....NnnnnN.....",
        ".....NsssnN.....",
        ".....NkskkN.....",
        "......NssN......",
        "....NNnrnNN.....",
        "...Nn.nrn.nN....",
        "...sN.nrn.Ns....",
        "...w..nnn..N....",
        "......nnn.......",
        ".....nnnnn......",
        ".....nnnnn......",
        "....NnnnnnN.....",
        "....NNN.NNN.....",
        "................",
    ],
    "sotdl_monk": [
        "................",
        "......sss....l..",
        ".....sssss...l..",
        ".....skssk...l..",
        ".....sssss...l..",
        "......sSs....l..",
        "....jjJjJjj..l..",
        "...sj.jJj.js.l..",
        "...s..jJj..sll..",
        "......yyy....l..",
        "......jJj....l..",
        ".....jJjJj...l..",
        ".....jJ.Jj......",
        ".....s...s......",
        "....LL...LL.....",
        "................",
    ],
}


def main() -> None:
    pygame.init()
    make_art.UNIT_PALETTE.update(PALETTE)
    make_art.UNIT_DIR.mkdir(parents=True, exist_ok=True)
    for name, pattern in UNITS.items():
        pygame.image.save(make_art.draw_unit(pattern), str(make_art.UNIT_DIR / f"{name}.png"))
    pygame.quit()


if __name__ == "__main__":
    main()
