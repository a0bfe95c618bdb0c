"""Whether a sentence says the writer uses, takes up or gives up a tool it names, read from
spaCy's dependency parse rather than from the words next to the name.

What a tool does in a sentence tells who uses it: a tool that freezes, reboots the laptop or cannot
find an email is one the writer works with ("Trados keeps freezing", "Outlook search can't find
it"); one bought, installed or signed up for is taken up; one cancelled, wiped, uninstalled or not
renewed is given up. The verbs are classes of meaning in every inflection, and the tool's place
comes from the parse, so "the Windows update rebooted my laptop" and "the Trados licence was not
renewed" read alike. The parser runs only when the writer acts (I, we, a subjectless "Bought …");
a tool that opens a sentence before its first verb is its subject by the tags alone.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from enum import StrEnum
from typing import TYPE_CHECKING

from remen.memory.extractor import load_spacy
from remen.memory.names import name_tokens

if TYPE_CHECKING:
    from spacy.tokens import Doc, Token
    from spacy.tokens import Span as SpacySpan


class ToolUse(StrEnum):
    """What a sentence says of the writer and a tool."""

    USES = "uses"
    STARTS = "starts"
    # Given up: it was in use until now ("cancelled Headspace", "the licence was not renewed").
    ENDS = "ends"
    # Not taken up, which says nothing of before ("didn't buy the Kindle", "we don't use Slack").
    NOT_TAKEN = "not_taken"


# What a maker calls the bundle of its tools one subscribes to: giving it up gives them all up.
SUITE_WORDS = frozenset({"creative cloud", "office", "365", "workspace", "suite", "one", "subscription", "account"})

# Forms the regular rules of English get wrong.
IRREGULAR = {
    "buy": ("bought",),
    "sell": ("sold",),
    "get": ("got", "gotten"),
    "pay": ("paid",),
    "choose": ("chose", "chosen"),
    "learn": ("learnt",),
    "quit": ("quit",),
    "give": ("gave", "given"),
    "set": ("set",),
    "freeze": ("froze", "frozen"),
    "show": ("shown",),
    "run": ("ran",),
    "put": ("put",),
}
VOWELS = "aeiou"


def forms(verb: str) -> frozenset[str]:
    """Every inflection of a verb: "stop" → stop, stops, stopped, stopping; "cancel" → cancelled
    and canceled."""
    out = {verb, *IRREGULAR.get(verb, ())}
    if verb.endswith("e"):
        out |= {verb + "s", verb + "d", verb[:-1] + "ing"}
    elif verb.endswith("y") and verb[-2] not in VOWELS:
        out |= {verb[:-1] + "ies", verb[:-1] + "ied", verb + "ing"}
    elif verb.endswith(("s", "sh", "ch", "x", "z")):
        out |= {verb + "es", verb + "ed", verb + "ing"}
    else:
        out |= {verb + "s", verb + "ed", verb + "ing"}
        if verb[-1] not in VOWELS + "wxy" and verb[-2] in VOWELS and verb[-3:-2] not in ("", *VOWELS):
            out |= {verb + verb[-1] + "ed", verb + verb[-1] + "ing"}
    return frozenset(out)


def verb_class(text: str) -> frozenset[str]:
    """All forms of the whitespace-separated verbs of ``text``."""
    return frozenset(form for verb in text.split() for form in forms(verb))


# Verbs whose object the writer gives up.
END_VERBS = verb_class(
    "cancel uninstall delete wipe drop ditch quit stop remove abandon sell dump unsubscribe retire kill deactivate"
)
# Verbs whose object the writer takes up (denied, "didn't buy", they do not).
START_VERBS = verb_class(
    "buy install adopt use sign subscribe switch move migrate get download pay renew start try order purchase"
    " activate choose pick"
)
# Verbs whose object is software, whatever its name sounds like ("installed Reaper"), and verbs
# only software does ("Pro Tools crashed twice").
SOFTWARE_VERBS = verb_class("install uninstall reinstall download delete")
SOFTWARE_DOES = verb_class("crash freeze")
# "Opera keeps logging me out", "Kundelik is down again", jotted "WFX down since morning": what
# only a program does to its users.
SOFTWARE_FAILS = re.compile(
    r"(?i:(?:keeps?\s+|kept\s+)?log(?:s|ged|ging)?\s+(?:me|us|everyone|people)\s+out\b"
    r"|(?:(?:is|was|went|goes)\s+)?down\s+(?:again|today|for|since|all)\b)"
)
# Verbs of making a thing that is made "in" software, or keeping its figures there: "everyone
# models in Rhino", "I draft in Word", "we plan in Notion", "recipes are costed in Apicbase", "hours
# tracked in Toggl", "they invoice in Billingo" (not of being somewhere: "works in Leeds", "lives in
# Lyon").
MADE_IN_VERBS = verb_class(
    "model draft draw sketch render animate code program design plan cost track budget invoice bill"
)
# What one who hosts a new starter does to them ("Sandra showed me round", "Lindiwe walked me
# through the test strategy", "Julián gave me a jacket"), and what one who leads does ("Stevie runs
# everything", "Dev sets the priorities", "Helen checks every intervention I log").
HOSTING_VERBS = verb_class("show walk give train welcome introduce assign put pair onboard")
LEADING_VERBS = verb_class("run set check review")
# Tags that open a verb's object: a determiner, a possessive, a pronoun.
OBJECT_OPENING_TAGS = frozenset({"DT", "PRP$", "PRP"})
# Nouns of software right after its name: "renew Sibelius licence", "the Dorico update", "Apicbase
# login for Tako".
SOFTWARE_NOUNS = frozenset(
    {
        "licence",
        "licences",
        "license",
        "licenses",
        "subscription",
        "plugin",
        "plugins",
        "plug-in",
        "app",
        "update",
        "upgrade",
        "login",
        "logins",
        "password",
        "passwords",
        "admin",
        "dashboard",
        "dashboards",
        "export",
        "exports",
        "database",
        "databases",
        "software",
    }
)
# Verbs whose object changes owner: a thing, never a person or a place.
OWNING_VERBS = verb_class("buy sell order purchase return rent lease")
# Verbs whose denial gives up what was held: "not renewed", "didn't extend".
KEEP_VERBS = verb_class("renew extend keep")
# Verbs that say the writer works with the object without taking it up.
USE_VERBS = verb_class("open run update upgrade configure sync restart reboot fix debug")
TRY = forms("try")
# Past forms of the classes, which open a note's subjectless sentences ("Wiped Windows", which the
# tagger may call a name).
PAST_FORMS = frozenset(
    f
    for f in END_VERBS | START_VERBS | USE_VERBS
    if f.endswith("ed") or f in {p for v in IRREGULAR.values() for p in v}
)
CLASSED = END_VERBS | START_VERBS | USE_VERBS
# "give up" gives up its object ("gave up Evernote"), as "get rid of" does.
GIVE = forms("give")
# Closing an account of a tool gives the tool up ("closed the LastPass account"); closing the tool
# itself is closing its window ("closed VS Code").
CLOSE = forms("close")
ACCOUNT_NOUNS = frozenset({"account", "accounts", "subscription", "membership", "plan"})
# Handing a tool's account or login to someone gives the tool up ("Handed the AMOS password to the
# new second officer", "handed my SolarWinds admin account to Daniel").
HAND = forms("hand")
HANDED_NOUNS = ACCOUNT_NOUNS | {"password", "passwords", "login", "logins"}
# Verbs the writer acts with: the classes, keeping ("keeping it"), giving up, closing and handing over.
ACTING = CLASSED | KEEP_VERBS | GIVE | CLOSE | HAND
# Verbs that take up or keep what they act on for good (a trial is not that).
KEEPING = (START_VERBS | KEEP_VERBS) - TRY
# Words that make a taken-up tool the one that replaces another: "trying Calm instead", "Fedora only now".
REPLACING = re.compile(r"(?i:\b(?:instead|only\s+now|from\s+now\s+on|for\s+good)\b)")
# A farewell right before a tool gives it up, a greeting takes it up: "so goodbye Trello", "Bye bye
# Evernote, hello Obsidian", "no more Spotify", "RIP Google Reader", "goodbye to CCH".
FAREWELL = re.compile(r"(?i:\b(?:good-?\s?bye|bye(?:[\s-]+bye)?|farewell|so\s+long|rip|no\s+more)(?:\s+to)?[,!:]?\s*)$")
GREETING = re.compile(r"(?i:\b(?:hello|welcome)[,!:]?\s*)$")
# A tool said to be gone: "LastPass is gone", "Evernote's history now" (matched right after it).
GONE = re.compile(r"(?i:\s+(?:is|'s|’s|was)\s+(?:gone|history)\b)")
# A tool told to go, with nothing after: "so Toggl can go", "Evernote has to go", "my MATLAB
# scripts will have to go" (given up).
GOES = re.compile(
    r"(?:(?:will|would|'ll)\s+(?=have|need))?"
    r"(?:can|must|will|should|has\s+to|have\s+to|needs?\s+to)\s+go(?:\s+now)?\s*[.!]?$"
)
# Marks between the clauses a note strings into one sentence.
CLAUSE_BREAKS = frozenset((",", ";", ":", "—", "–"))
# A noun the tool's name modifies stands for the tool: "the Windows update", "Trados licence".
TOOL_HEADS = ("compound", "poss", "nmod")
OBJECT_ROLES = ("dobj", "nsubjpass", "oprd")
# Tags of a preposition ("to", "along") and of the determiner that may stand between it and a name.
PREPOSITION_TAGS = frozenset({"IN", "TO"})
DETERMINER_TAGS = frozenset({"DT", "PRP$"})


@dataclass(frozen=True)
class ToolMention:
    """A tool a sentence names: its name and where it is, in characters of the sentence."""

    name: str
    start: int
    end: int


@dataclass(frozen=True)
class ToolReading:
    """What a sentence says the writer does with the tools it names (those it says nothing of are
    left out), and whether it gives up something it calls "it" ("Cancelled it")."""

    uses: dict[str, ToolUse]
    gives_up_it: bool
    # It takes up or keeps something it calls "it" ("tried Obsidian … keeping it").
    keeps_it: bool = False


# Marks a jot's line opens with.
BULLETS = frozenset({"-", "*", "•", "–"})


def writer_acts(sent: SpacySpan) -> bool:
    """Whether the sentence may say the writer takes up or gives up something: I or we (or a
    note's subjectless "Bought …", "Wiped …") with a verb of the classes, or "instead". How-to prose
    ("you can use git to …") says nothing of the writer and is not parsed."""
    if REPLACING.search(sent.text):
        return True
    words = [t for t in sent if not t.is_punct and not t.is_space]
    opening = words[0] if words else None
    # A note's subjectless sentence opening with a verb of the classes is the writer's: "Wiped
    # Windows", "keeping it".
    # A jot's first word is a verb of the classes whatever the tagger made of it after the
    # bullet ("- renew Sibelius licence": "renew" tagged an adjective).
    jotted = opening is not None and opening.i > sent.start and opening.doc[opening.i - 1].text in BULLETS
    subjectless = opening is not None and (
        opening.lower_ in PAST_FORMS or (opening.lower_ in ACTING and (opening.tag_.startswith("VB") or jotted))
    )
    writer = any(t.lower_ in ("i", "we") for t in words) or subjectless
    return writer and any(t.lower_ in ACTING for t in words)


def read_tools(sent: SpacySpan, mentions: list[ToolMention], earlier_tool: bool = False) -> ToolReading:
    """What the sentence says of the writer and each tool it names, and, when the note named a tool
    before (``earlier_tool``), of the "it" that may stand for it. The parser runs only when the
    writer acts; a tool before the sentence's first verb is its subject without one."""
    if not mentions and not (earlier_tool and any(t.lower_ == "it" for t in sent)):
        return ToolReading({}, False)
    farewells = {
        m.name: use for m in mentions if (use := greeted(sent.text[: m.start], sent.text[m.end :])) is not None
    }
    if not writer_acts(sent):
        return ToolReading(subjects(sent, mentions) | farewells, False)
    nlp = load_spacy()
    doc: Doc = nlp.get_pipe("parser")(sent.as_doc())
    replacing = REPLACING.search(doc.text) is not None
    uses = {}
    for mention in mentions:
        tokens = [t for t in doc if mention.start <= t.idx < mention.end]
        use = tool_use(tokens, replacing)
        # Of a tool named twice, what the later clause does to it stands: "Tradify crashed again,
        # so I cancelled Tradify".
        if use is not None:
            uses[mention.name] = use
    if doc.text.rstrip().endswith("?"):
        # "sell the Swift?", "cancel Netflix?": a change asked about is only thought of.
        uses = {name: use for name, use in uses.items() if use not in (ToolUse.STARTS, ToolUse.ENDS)}
    its = [t.head for t in doc if t.lower_ == "it" and t.dep_ in OBJECT_ROLES and not someone_else(t.head)]
    gives_up_it = any(verb.lower_ in END_VERBS for verb in its)
    keeps_it = any(verb.lower_ in KEEPING and not negated(verb) and not before_then(verb) for verb in its)
    return ToolReading(uses | farewells, gives_up_it, keeps_it)


def greeted(before: str, after: str) -> ToolUse | None:
    """What the words ``before`` and ``after`` a tool say of it: goodbye and "is gone" give it up,
    hello takes it up."""
    if FAREWELL.search(before) or GONE.match(after):
        return ToolUse.ENDS
    return ToolUse.STARTS if GREETING.search(before) else None


def subjects(sent: SpacySpan, mentions: list[ToolMention]) -> dict[str, ToolUse]:
    """The tools named before the first verb of each of the sentence's clauses, by the tags alone
    (a note strings clauses together with commas: "all passwords imported into Proton Pass,
    KeePass database deleted")."""
    tokens = list(sent)
    breaks = [i for i, t in enumerate(tokens) if t.text in CLAUSE_BREAKS]
    found: dict[str, ToolUse] = {}
    start = 0
    for end in [*breaks, len(tokens)]:
        found |= clause_subjects(sent, tokens[start:end], mentions)
        start = end + 1
    return found


def governed(sent: SpacySpan, mention: ToolMention) -> bool:
    """Whether a preposition governs the name, its determiner between ("The walk home to Rusholme
    is …", "along the Rhine"): a name in a prepositional phrase is no clause's subject (but a part
    "of" a tool still speaks of it: "half of Notion's pages are gone")."""
    first = next((t for t in sent if t.idx - sent.start_char >= mention.start), None)
    if first is None or first.i == 0:
        return False
    before = first.doc[first.i - 1]
    if before.tag_ in DETERMINER_TAGS and before.i > sent.start:
        before = first.doc[before.i - 1]
    return before.i >= sent.start and before.tag_ in PREPOSITION_TAGS and before.lower_ != "of"


def clause_subjects(sent: SpacySpan, tokens: list[Token], mentions: list[ToolMention]) -> dict[str, ToolUse]:
    """The tools named before the clause's first verb: used ("Trados keeps freezing", "Notion
    search can't find it"); given up when that verb is a negated taking up ("Trados licence not
    renewed") or a giving up with nothing after it ("Adobe subscription cancelled", "OneNote is
    exported and deleted"); nothing when the tool gives something up itself ("Trados deleted my
    glossary") or someone is named first."""
    verb_at = next((i for i, t in enumerate(tokens) if t.tag_.startswith("VB") or t.tag_ == "MD"), None)
    if verb_at is None:
        return {}
    verb = tokens[verb_at]
    opening = tokens[0].idx - sent.start_char
    start = verb.idx - sent.start_char
    named = [m for m in mentions if opening <= m.start and m.end <= start and not governed(sent, m)]
    # A person named first is the subject; the tagger's "person" that is the tool's own name is not
    # ("Strava says 52:40").
    others = [t for t in tokens[:verb_at] if not any(m.start <= t.idx - sent.start_char < m.end for m in named)]
    if not named or any(t.ent_type_ == "PERSON" for t in others):
        return {}
    if GOES.match(" ".join(t.lower_ for t in tokens[verb_at:])):
        return {m.name: ToolUse.ENDS for m in named}  # "so Toggl can go", "Evernote has to go"
    group = verb_at + 1
    while group < len(tokens) and (tokens[group].tag_.startswith(("VB", "RB", "MD")) or tokens[group].lower_ == "and"):
        group += 1
    if any(t.lower_ in END_VERBS for t in tokens[verb_at:group]):
        done_to = group < len(tokens) and not tokens[group].is_punct
        return {} if done_to else {m.name: ToolUse.ENDS for m in named}
    denied = any(t.lower_ in ("not", "n't", "never") for t in tokens[max(0, verb_at - 2) : verb_at])
    use = denial(verb.lower_) if denied and verb.lower_ in START_VERBS | KEEP_VERBS else ToolUse.USES
    return {m.name: use for m in named}


def denial(verb: str) -> ToolUse:
    """What denying a verb of taking up or keeping says: "not renewed" gives up what was held,
    "didn't buy" only that it was not taken up."""
    return ToolUse.ENDS if verb in KEEP_VERBS else ToolUse.NOT_TAKEN


def phrase_head(tokens: list[Token]) -> Token | None:
    """The token of a mention whose head lies outside it, climbed past the nouns the name
    modifies ("Headspace subscription": subscription)."""
    inside = {t.i for t in tokens}
    head = next((t for t in tokens if t.head.i not in inside or t.head.i == t.i), None)
    while head is not None and head.dep_ in TOOL_HEADS and head.head.tag_.startswith("NN"):
        head = head.head
    return head


def opens_clause(token: Token) -> bool:
    """Whether the token starts its sentence or follows a comma or a dash."""
    return token.i == 0 or token.doc[token.i - 1].is_punct


def before_then(verb: Token) -> bool:
    """Whether the verb speaks of a time before the one told of: "I had used it for six years"
    says nothing of now."""
    return any(c.dep_ == "aux" and c.lower_ in ("had", "'d") for c in verb.children)


def negated(verb: Token) -> bool:
    """Whether the verb (or the verb it complements) is negated: "not renewed", "don't want to use"."""
    helped = verb.head if verb.dep_ == "xcomp" else verb
    return any(c.dep_ == "neg" for c in (*verb.children, *helped.children))


def tool_use(tokens: list[Token], replacing: bool) -> ToolUse | None:
    """What the parse says of the writer and the tool named by ``tokens``; None when it shows no
    use, or someone else's."""
    head = phrase_head(tokens)
    if head is None:
        return None
    before = head.doc[tokens[0].i - 1] if tokens[0].i > 0 else None
    if before is not None and before.lower_ in END_VERBS | START_VERBS and opens_clause(before):
        # "Wiped Windows.", "Bought memoQ translator pro": a verb opening a sentence without a
        # subject, right before the name, whatever the parse made of it.
        return object_use(before.lower_, False, replacing)
    role, verb = head.dep_, head.head
    if role in ("conj", "appos") and before is not None and before.lower_ == "not":
        return ToolUse.NOT_TAKEN  # "we use Slack but not Teams", "Obsidian, not Notion"
    if role == "conj":  # "bought memoQ and Trados": the first conjunct's place
        role, verb = verb.dep_, verb.head
    if role == "pobj":
        preposition, verb = verb, verb.head
        if preposition.lower_ == "of" and verb.lower_ == "rid" and not someone_else(verb):
            return ToolUse.ENDS  # "got rid of Dropbox"
        if preposition.lower_ == "for" and verb.lower_ in START_VERBS | END_VERBS:
            role = "dobj"  # "signed up for Toast", "paid for Figma"
        elif preposition.lower_ == "from" and verb.lower_ in START_VERBS:
            return ToolUse.ENDS  # "moved away from Jira"
        else:
            return None
    if role == "ROOT" and replacing:
        return ToolUse.STARTS  # "Fedora only now."
    if not verb.tag_.startswith("VB") or someone_else(verb):
        return None
    word = verb.lower_
    if before_then(verb) and word not in END_VERBS:
        return None  # "I had used Trello for years": then, not now
    if role in OBJECT_ROLES and word in CLOSE:
        return ToolUse.ENDS if head.lower_ in ACCOUNT_NOUNS and not negated(verb) else None
    if role in OBJECT_ROLES and word in HAND:
        # The parse may hang the noun and the "to" anywhere ("Handed my SolarWinds admin account to
        # Daniel"): the words after the name say what was handed, and on to whom.
        after = [t.lower_ for t in verb.doc[tokens[-1].i + 1 :]]
        handed = head.lower_ in HANDED_NOUNS or not HANDED_NOUNS.isdisjoint(after[:2])
        return ToolUse.ENDS if handed and ("to" in after or "over" in after) and not negated(verb) else None
    if role in OBJECT_ROLES:
        if (word in START_VERBS | USE_VERBS and use_over(verb)) or given_up(verb):
            return ToolUse.ENDS
        if negated(verb) and any(c.lower_ == "again" for c in verb.children) and word in START_VERBS | USE_VERBS:
            return ToolUse.ENDS  # "I'm never opening Sketch again", "won't use Jira again"
        return object_use(word, negated(verb), replacing)
    if role == "nsubj":
        if word in END_VERBS:
            return None
        if negated(verb) and word in START_VERBS | KEEP_VERBS and not any(c.dep_ == "dobj" for c in verb.children):
            return denial(word)  # "Trados licence not renewed"
        # What a tool does, it does for the one who writes about it: it freezes, reboots, fails.
        return ToolUse.USES
    return None


def use_over(verb: Token) -> bool:
    """Whether a verb of taking up or using is said to be over for the writer: it complements a
    verb of giving up ("stopped paying for Strava", "quit using Todoist"; not "Priti stopped using
    Notion") or it is done no longer, not any more ("we no longer use Slack", "I don't open
    Evernote anymore")."""
    if verb.dep_ == "xcomp" and verb.head.lower_ in END_VERBS:
        return not someone_else(verb.head)
    said = [c for c in verb.children if c.dep_ in ("advmod", "npadvmod")]
    return any(
        (c.lower_ == "longer" and any(d.lower_ == "no" for d in c.children))
        or c.lower_ == "anymore"
        or (c.lower_ == "more" and any(d.lower_ == "any" for d in c.children))
        for c in said
    )


def given_up(verb: Token) -> bool:
    """Whether the verb is "give up" ("gave up Evernote for good")."""
    return verb.lower_ in GIVE and any(c.dep_ == "prt" and c.lower_ == "up" for c in verb.children)


def object_use(verb: str, negative: bool, replacing: bool) -> ToolUse | None:
    """What a verb does to the tool that is its object: "cancelled", "didn't renew" give it up;
    "didn't buy" does not take it up; "bought", "installed" take it up (trying it does only
    "instead" of another); "updated" uses it."""
    if verb in END_VERBS:
        return ToolUse.ENDS
    if negative and verb in START_VERBS | USE_VERBS | KEEP_VERBS:
        return denial(verb)
    if verb in START_VERBS:
        return ToolUse.STARTS if verb not in TRY or replacing else None
    return ToolUse.USES if verb in USE_VERBS else None


def someone_else(verb: Token) -> bool:
    """Whether the verb's subject is someone other than the writer: a name or a pronoun but "I"
    and "we" ("Priti swears by Calm", "she uses Notion")."""
    for child in verb.children:
        if child.dep_ == "nsubj":
            return child.lower_ not in ("i", "we") and child.tag_ in ("NNP", "NNPS", "PRP")
    return False


def made_by_maker(ended: str, tools: list[str], brands: frozenset[str]) -> list[str]:
    """Which of ``tools`` (names in use) giving up ``ended`` gives up too: a maker's name, or the
    maker's suite ("Adobe", "Adobe Creative Cloud", "Microsoft 365"), ends every tool the maker
    makes by the gazetteer's brands ("Adobe Photoshop": Photoshop). One product of a maker ended
    ("Microsoft Teams") ends no other."""
    words = name_tokens(ended)
    if not words:
        return []
    maker = " ".join(words)
    if len(words) > 1 and " ".join(words[1:]) in SUITE_WORDS:
        maker = words[0]
    if maker not in brands:
        return []
    made = []
    for tool in tools:
        key = " ".join(name_tokens(tool))
        if key != maker and (key.startswith(maker + " ") or f"{maker} {key}" in brands):
            made.append(tool)
    return made
