"""The regular expressions and maps the built-in extractor reads sentences with."""

from __future__ import annotations

import re
import unicodedata

from remen.core.text import alternation
from remen.memory import lexicon
from remen.search.calendar import NUMBER_WORDS, WEEKDAY_NAMES, WEEKDAY_SHORT_WORDS, WEEKDAYS

FENCE = re.compile(r"^\s*(```|~~~)")
# What opens an item of a list: markdown's "- ", "* ", "+ ", and a bullet journal's signifiers
# (rapid logging): "•" a task, "×" one done, "<" one scheduled, "○" an event, "–" a note (">", one
# moved on, reads as a quote's mark).
BULLET_MARKS = "-*+•·○◦–—×✓✔<"
HASHTAGS = r"(?:#[^\W\d_][\w-]*\s+)+"
# Hashtags opening a line ("#kids Amara parents evening Tue 6pm", "#home #money rent paid") tag
# it as an item of its own; a heading's "#" is followed by a space.
MARKUP = re.compile(rf"^\s*(?:#{{1,6}}\s+|{HASHTAGS}|[{re.escape(BULLET_MARKS)}]\s+(?:\[[ xX]\]\s+)?|\d+[.)]\s+|>\s*)")
# A ticked checkbox or a bullet journal's done mark: the item is done, not an open task.
DONE_ITEM = re.compile(r"^\s*(?:[-*+]\s+\[[xX]\]|[×✓✔])\s+")
# Dotted numbers that are not phone numbers: IPv4 addresses and dates (14.01.2026, 3/2/26, 2014/10/08).
NOT_A_PHONE = re.compile(
    r"^(?:\d{1,3}(?:\.\d{1,3}){3}|\d{1,2}[./-]\d{1,2}[./-]\d{2,4}|(?:19|20)\d\d[./-]\d{1,2}[./-]\d{1,2}"
    # A sum in thousands with dots or commas: "2.300.000", "1,250,000".
    r"|\d{1,3}(?:([.,])\d{3})(?:\1\d{3})+)$"
)
# Where digits are no one's number: a code span, a web address with or without its scheme
# ("stackoverflow.com/questions/15895579").
LINK_OR_CODE = re.compile(r"`[^`\n]*`|(?i:[a-z][a-z0-9+.-]*://|www\.)\S+|(?<![\w@.])[\w-]+(?:\.[\w-]+)+/\S*")
EMAIL = re.compile(r"\b[\w.+-]+@[\w-]+(?:\.[\w-]+)+\b")
PHONE = re.compile(r"(?<![\w+])(\+?\d[\d ()./-]{6,}\d)(?!\w)")
HANDLE = re.compile(r"(?<![\w@])@([A-Za-z][\w-]{1,30})\b")
PROJECT = re.compile(r"\b(?:[Pp]roject\s+([A-Z][\w-]+|\"[^\"]{2,40}\")|(side project|pet project))\b")
# A name's second word, never a weekday: "Dr. Nwosu Thurs 10:15" is Dr. Nwosu, on a Thursday ("Sun"
# is a surname too).
NEXT_NAME_WORD = r"(?:\s+(?!(?i:" + alternation(set(WEEKDAY_NAMES) - {"sun"}) + r")\b)[A-ZÀ-Ý][\w'À-ÿ-]+)?"
# A name: capitalised words, or a brand with a capital inside a lower-case start ("easyJet", "eBay").
NAME = r"((?:[A-ZÀ-Ý]|[a-z]{1,5}(?=[A-Z][A-Za-z]{2}))[\w'À-ÿ-]+" + NEXT_NAME_WORD + ")"
# The small number a name may end on, after it ("Community 25", "Route 66").
NUMBER_AFTER_NAME = re.compile(r" (\d{1,3})\b(?![:./–-]\d)")
# A place's name, which may open on a saint's or a mountain's abbreviation: "St. Vital", "Mt. Eden".
PLACE_NAME = r"((?:(?:St|Ste|Mt)\.\s+)?" + NAME[1:]
# A title written in lower case before a name: "cô Hạnh".
LOWER_TITLE_WORD = "|".join(lexicon.LOWER_CASE_TITLES)
LOWER_TITLE = rf"(?:{LOWER_TITLE_WORD})\s+"
TITLE = r"(?:" + "|".join(t.capitalize() for t in lexicon.HONORIFICS) + rf"|{LOWER_TITLE_WORD})\.?\s+"
# "landlord is a Mr. Ochoa": the article of someone known only by title and name.
SOMEONE_TITLED = rf"(?:an?\s+(?={TITLE}))?"
# After "my wife", "my manager is": a name in any case (quick notes), with a title or without.
LOOSE_NAME = rf"((?:{TITLE})?[\wÀ-ÿ][\w'À-ÿ-]+{NEXT_NAME_WORD})"
RELATION_WORDS = alternation(lexicon.RELATIONS)
KIN_WORDS = alternation(lexicon.KINSHIP)
# "my wife Julia", "my manager, Ruth": any case after the cue (notes are often lower case).
# A person named with a title: "Dr. Hill", "Mrs Park", "Prof. Anna Weber".
SURNAME_PARTICLES = rf"(?:(?:{alternation(lexicon.SURNAME_PARTICLES)})\s+){{0,2}}"
TITLED_NAME = re.compile(r"\b" + TITLE + SURNAME_PARTICLES + r"[A-ZÀ-Ý][\w'À-ÿ-]+" + NEXT_NAME_WORD)
# A person named with the Thai "P'" of an elder or a senior glued before the name: "P'Wanida".
SENIOR_NAMED = re.compile(r"\bP['’][A-ZÀ-Ý][\w'À-ÿ-]+")
# A person named with an honorific after the name, in any case: "Nakamura-san", "kenji-san".
SUFFIX_TITLED_NAME = re.compile(r"\b[\wÀ-ÿ][\w'À-ÿ]*-(?i:" + alternation(set(lexicon.HONORIFIC_SUFFIXES)) + r")\b(?!-)")
# The honorific after a person's name that is no part of it: "Ramesh sir" is Ramesh.
HONORIFIC_AFTER = alternation(set(lexicon.HONORIFICS_AFTER))
HONORIFIC_AFTER_NAME = re.compile(r"(?<=\w)\s+(?i:" + HONORIFIC_AFTER + r")$")
# A doctor by title, "Dr" with a stop or without.
DOCTOR_NAME = re.compile(r"\bDra?\.?\s+" + SURNAME_PARTICLES + r"[A-ZÀ-Ý][\w'À-ÿ-]+" + NEXT_NAME_WORD)
# What only a dentist sees to: a doctor the writer sees about it is their dentist ("did you see
# Dr. Wójcik about the tooth?", "Dr. Navarro says the filling has to be redone"), unless the tooth
# is someone else's ("her tooth", "Mio's molar").
DENTAL_CARE = re.compile(
    r"(?i:(?<!\bhis\s)(?<!\bher\s)(?<!\btheir\s)(?<!['’]s\s)\b(?:tooth|teeth|molars?|fillings?|crowns?|"
    r"root\s+canal|wisdom\s+tooth|braces|gums)\b)"
)
# The writer's dentist spoken of in a sentence of its own ("did you book the dentist?"), which makes
# the one doctor of the note's other sentences the dentist.
DENTIST_SAID = re.compile(r"(?i:\b(?:the|my|your|our)\s+dentist\b)")
# Signing on with a practice: the one doctor of the note is the writer's ("register with a huisarts
# in Delft: Dr. Bakker", "registered at the Leith surgery with Dr. Khan").
REGISTERED_WITH = re.compile(r"(?i:\bregist(?:er|ered|ering|ration)\s+(?:with\b|w/|at\b))")
# What a family doctor sees to: the one titled doctor of a note whose writer speaks of it is their
# doctor ("Dr. Abernathy says my cholesterol is up"; "what did Dr. Abernathy say?" — "cholesterol is
# up a bit"), unless it is someone else's ("her blood pressure", "Mum's prescription"). (Words a
# clinic's staff use at work, "vaccine reminders", "the X-ray machine", are not among them.)
HEALTH_CARE = re.compile(
    r"(?i:(?<!\bhis\s)(?<!\bher\s)(?<!\btheir\s)(?<!['’]s\s)\b(?:cholesterol|blood\s+(?:pressure|work|tests?|sugar)"
    r"|bloods|prescri(?:ption|bed)|statins?|check-?up|referral|diabetes|thyroid|flu\s+(?:shot|jab)|antibiotics"
    r"|medication|meds|inhaler|asthma|migraines?|tendinitis|tendonitis|sprain(?:ed)?|strained|fracture[sd]?|physio"
    r"|knee|wrist|shoulder|ankle|hip|neck|elbow|(?:my|bad)\s+back|back\s+(?:pain|injury)"
    r"|malaria|typhoid|fever|infection|(?:test|lab|scan)\s+results?|x-?rays?|ultrasound|physical)\b)"
)
# A person's name, with a title or without (PERSON_NAME captures it).
PERSON_NAME_WORDS = rf"(?:{TITLE})?[A-ZÀ-Ý][\w'À-ÿ-]+{NEXT_NAME_WORD}"
PERSON_NAME = rf"({PERSON_NAME_WORDS})"
MY_RELATION_NAMED = re.compile(
    rf"(?i:\b(?:my|our)\s+(?:new\s+|old\s+|best\s+)?({RELATION_WORDS}))(?:,)?\s+{LOOSE_NAME}"
    # "my depot manager, Faisal,": a word saying which, and the name set off by commas.
    rf"|(?i:\b(?:my|our)\s+[a-z]+\s+({RELATION_WORDS})),\s+{PERSON_NAME}(?=,)"
    # "my shift lead Karen Liu", "our team lead Sam": a word saying which, and a capitalised name
    # (an ex, former or old one is no longer the writer's).
    rf"|(?i:\b(?:my|our)\s+(?!(?:ex|former|previous|old|late)\b)[a-z]+\s+({RELATION_WORDS}))\s+{PERSON_NAME}"
)
# A jot's clause that opens with a bare role and a name is the writer's: "Trainer is Kasia",
# "Sister Ama visiting 14-16 Feb", "Kasia moved on, new trainer is Dev" (the name must be a
# person's: "Teacher Training Day" names nobody).
OPENING_ROLE = re.compile(
    rf"(?:^|[,;]\s+)(?:[-*•]\s+)?(?i:(?:new\s+)?({RELATION_WORDS}))(?:\s+(?:is|=)(?:\s+(?:still|now))?)?\s+"
    + SOMEONE_TITLED
    + PERSON_NAME
)
# "Dana left the company", "Tom quit", "Priya retired": their ties to me and their job end. "Left"
# needs what was left ("Dana left early" is not leaving a job).
LEFT = re.compile(
    NAME + r"\s+(?:has\s+)?(?:(?:just\s+)?left\s+(?:the\s+)?(?:company|team|firm|job|group|department|"
    r"[A-Z][\w&-]+)|quit|resigned|retired)\b"
)
# A couple that ends: "Chiara and I broke up", "split up with Jan", "Théo and I broke up tonight".
BROKE_UP = re.compile(
    NAME + r"\s+and\s+(?:I|me)\s+(?:have\s+|just\s+)?(?i:broke|split)\s+up\b"
    r"|(?i:\b(?:broke|broken|split|breaking|splitting)\s+up\s+with\s+)" + NAME
)
# The writer and someone as a couple: a wedding of theirs to come ("Emeka and I finally fixed our
# wedding", "Divya and me fixed wedding date") or the years they have been married ("Dawit and I had
# dinner for our anniversary, six years married").
COUPLE = re.compile(
    PERSON_NAME + r"\s+and\s+(?:I|me)\b[^.;!?]*?(?i:\b(?:(?P<wed>our\s+(?:\w+\s+)?wedding"
    r"|(?:fixed|set|booked|chose|picked|planning)\s+(?:the\s+|a\s+)?wedding)"
    r"|(?P<married>our\s+(?:\w+\s+)?anniversary|\w+\s+years?\s+married|married\s+(?:for\s+)?\w+\s+years?))\b)"
)
# Whom "he" or "she" speaks of after a name: the first such word tells a spouse's word.
HE_OR_SHE = re.compile(r"(?i:\b(?P<he>he|him|his)\b|\b(?:she|her|hers)\b)")
# Someone leaving, in any tense: "Coach Mike moved to San Antonio", "Dr. Ahmed is retiring",
# "Gwen's leaving in April". Alone it ends nothing ("Tom moved to Leeds" is still a friend); beside
# a new holder of a role it says who held it (builtin.predecessor_departed).
DEPARTING = (
    r"(?:\s+(?:has|is|was|will\s+be)|['’]s)?\s+(?:just\s+)?(?:left|leaving|leaves|moved|moving|moves|"
    r"retired|retiring|retires|quit|quits|quitting|resigned|resigning|stepped\s+down|stepping\s+down)\b"
)
DEPARTS = re.compile(PERSON_NAME + DEPARTING)
# The same told of the person the note spoke of last: "1:1 Linnea - she is moving to Stockholm".
SHE_DEPARTS = re.compile(r"\b(?i:she|he)" + DEPARTING)
# A value said to be the one before ("the old 07911 123456", "previous number: …"): at most this
# many characters before it.
OLD_VALUE = re.compile(r"(?i:\b(?:old|previous|former)\b(?:\s+(?:number|phone|mobile|one))?\s*:?\s*$)")
OLD_VALUE_REACH = 24
# Words only a note about a car says, a car's make or a common model among them: one that names a
# model bought, sold or "my …" is about the writer's car ("bought a used Yaris hybrid … from the
# dealer", "my Vitz needs new tyres", "Sold the Civic").
VEHICLE_WORDS = re.compile(
    r"(?i:\b(?:cars?|MOT|APK|NCT|WOF|TÜV|ITV|smog\s+check|tyres?|tires?|fuel|petrol|diesel|mileage"
    # "miles better", "miles away": a distance's word for how much, no car's
    r"|miles(?!\s+(?:\w+er|ahead|away|behind|apart|off)\b)"
    r"|test\s+drive|dealer(?:ship)?|motors|scrap(?:yard)?|"
    r"hatchback|hybrid|brakes|clutch|gearbox|transmission|mechanic|oil\s+change|windscreen|windshield|motorbike|"
    r"scooter|van)\b)" + rf"|\b(?:{alternation(lexicon.CAR_MAKES | lexicon.CAR_MODELS)})\b"
)
# A vehicle taken up: "bought a second-hand Mazda Demio", "picked up a 2018 Honda Jazz", "I drive a
# Corsa", "my Vitz", "drove home a white Hiace", "traded the LeSabre in for a used Subaru Outback",
# "the bank gave me a Toyota Vitz".
CAR_TAKEN = re.compile(
    r"(?i:\b(?:(?:bought|buying|got|pick(?:ed|ing)?\s+up|collect(?:ed|ing)?|leased?|drove\s+(?:home|off)\s+(?:in|with)?"
    r"|(?:traded|trading|swapped|swapping|part-exchanged)\s+(?:[\w'’-]+\s+){1,6}?for)\s*"
    r"(?:a|an|the|my|our)|(?:drive|driving)\s+(?:a|an|my|our)|my|our"
    # One given or lent: "work gave me a Skoda" (not "gave me the Jumia account").
    r"|(?:gave|given|lent|loaned|handed)\s+(?:me|us)\s+(?:a|an))\s+"
    r"(?:(?:used|new|second-hand|secondhand|old|\d{4}|white|black|silver|grey|gray|red|blue|green)\s+){0,2})" + NAME
)
# Someone's own car, the one they drive someone in: "Munkh drove us back in his Land Cruiser",
# "Ama picked me up in her old Corolla", "Eleni took the afternoon off and drove me home in her
# little Fiat".
THEIR_CAR = re.compile(
    PERSON_NAME
    + r"\s+(?:[^.;!?A-Z]{0,40}?\s)?(?i:drove|drives|picked\s+(?:us|me)\s+up|took\s+(?:us|me))\b[^.;!?]{0,40}?\b"
    r"(?i:in\s+(?:his|her)\s+)(?:[a-z]+\s+){0,2}" + NAME
)
# A vehicle kept: its upkeep or its parts are the writer's worry ("MOT for the Micra due 22 Jan",
# "the Micra's clutch is slipping", "insurance on my Corsa").
# A country's roadworthiness test is the MOT of its notes: "APK" (Netherlands), "NCT" (Ireland),
# "WOF" (New Zealand), "TÜV", "ITV" (Spain), "smog check".
CAR_CHECKS = r"MOT|APK|NCT|WOF|WoF|TÜV|TUV|ITV|smog\s+check|service|servicing|insurance|road\s+tax|rego|registration"
# A check's name the model's name ran on into: "Astra APK".
CHECK_AFTER = re.compile(rf"\s+(?:{CAR_CHECKS})$")
CAR_PARTS = (
    rf"{CAR_CHECKS}|tax|inspection|tyres?|tires?|brakes|clutch|battery|engine|gearbox|exhaust|windscreen|windshield"
    r"|oil\s+change"
)
# The parts only a car has: a jot of one after a model's name is about a car ("Honda Fit oil change",
# "Corolla tyres"), where a battery or an engine may be a phone's or a game's.
CAR_ONLY_PARTS = r"oil\s+change|tyres?|tires?|brakes|clutch|gearbox|exhaust|windscreen|windshield"
CAR_KEPT = re.compile(
    rf"(?i:\b(?:{CAR_PARTS})\s+(?:for|on|of)\s+(?:the|my|our)\s+)"
    + NAME
    + r"|(?i:\b(?:the|my|our)\s+)"
    + NAME
    + rf"(?i:['’]s\s+(?:{CAR_PARTS})\b)"
    # A jot of the check alone after the model: "Astra APK due 3 Feb", "EV6 service at Bilhuset".
    + r"|^\s*(?:[-*•]\s*)?"
    + NAME
    + rf"(?=\s+(?i:first\s+|annual\s+|next\s+)?(?:{CAR_CHECKS}|{CAR_ONLY_PARTS})\b)"
    # A jot of its part after the model and a colon: "Polo: winter tyres still in the garage".
    + r"|^\s*(?:[-*•]\s*)?"
    + NAME
    + rf"(?=:\s*(?i:(?:new|winter|summer|front|rear|spare)\s+)?(?:{CAR_PARTS})\b)"
    # Its upkeep done to it: "fuel the Corolla", "washed the Golf", "fill up the Yaris".
    + r"|(?i:\b(?:fuel(?:led)?|refuel(?:led)?|fill(?:ed)?\s+up|wash(?:ed)?|valet(?:ed)?)\s+(?:the|my|our)\s+)"
    + NAME
    # What is done for it as a car: "car barge for the Tacoma", "car wash for the Golf".
    + r"|(?i:\bcar\s+[a-z]+\s+for\s+(?:the|my|our)\s+)"
    + NAME
    # What it needs or has been given: "The Octavia needs new tyres before winter", "my Golf got
    # new brakes".
    + r"|(?i:\b(?:the|my|our)\s+)"
    + NAME
    + r"(?i:\s+(?:needs?|needed|got|gets|had)\s+(?:(?:a|an|its|new|winter|summer|front|rear|two|four)\s+)*)"
    + rf"(?i:(?:{CAR_PARTS})\b)"
    # Its trouble starting: "the Prius would not start", "our Corsa broke down on the M6".
    + r"|(?i:\b(?:the|my|our)\s+)"
    + NAME
    + r"(?i:\s+(?:(?:would|will|did|could)\s+not|wouldn['’]t|won['’]t|didn['’]t|couldn['’]t)\s+start|\s+broke\s+down)\b"
)
# A jot of a vehicle's inspection, by its name ("Suzuki Swift inspection expires 14.02."): read only of
# a make or model the word lists know ("Ofsted inspection on Friday" is a school's).
CAR_INSPECTED = re.compile(r"^\s*(?:[-*•]\s*)?" + NAME + r"(?=\s+(?i:annual\s+|technical\s+)?inspection\b)")
# A vehicle jotted as it is taken up: its model opening the line, then its year, where it comes
# from, how it is paid or when it is picked up ("Honda Accord 2015 from Cars45, pick up Wednesday",
# "RAV4 2021 from CarMax, monthly $389", "Kia Niro on a lease, pick up Friday").
CAR_JOTTED = re.compile(
    r"^\s*(?:[-*•]\s*)?"
    + NAME
    + r"(?=,?\s+(?:(?:19|20)\d\d\b"
    + r"|(?i:from|on\s+(?:a\s+)?(?:lease|finance|PCP)|leased|pick(?:ed|ing)?\s+up|collected)\b))"
)
# A vehicle given up: "Sold the Vitz", "Panda sold for scrap", "scrapped the Micra", "the old Golf
# went for scrap", "Micra gone to the scrapyard", "Micra to the scrapyard on Monday", "traded in
# the Probox", "traded the LeSabre in".
CAR_GONE = re.compile(
    r"(?i:\b(?:sold|selling|scrapped|scrapping|traded\s+in|trading\s+in|part-exchanged)\s+(?:the\s+|my\s+|our\s+)?)"
    + NAME
    + r"|(?i:\b(?:traded|trading|swapped)\s+(?:the|my|our)\s+)"
    + NAME
    + r"(?i:\s+in\b)|"
    + NAME
    + r"(?i:\s+(?:(?:was\s+|got\s+|is\s+)?(?:sold|scrapped|written\s+off)"
    # Sold by saying whom it goes to and for how much: "the Swift goes to a man from Győr for 1.2
    # million".
    r"|(?:goes|went|is\s+going)\s+to\s+(?:a|an|the|some)\s+[^.;!?]{0,40}?\bfor\s+[^\s\d]{0,3}\d"
    r"|(?:(?:(?:is|has|was)\s+)?(?:went|gone|goes|going)\s+)?(?:for|to\s+the)\s+scrap(?:yard|heap)?)\b)"
)
# Someone taking the place of one the note says has left: "registered with Dr. Varga instead".
INSTEAD = re.compile(r"(?i:\binstead\b)")
# A role freshly filled: "New trainer at the gym: Brianna", "my new dentist is Dr. Lee".
NEW_ROLE = re.compile(rf"(?i:\bnew\s+({RELATION_WORDS})\b)")
# A tie told at its start: "First week with Imran as my manager", "first appointment with Dr. Lee".
FRESH_START = re.compile(r"(?i:\b(?:first|1st)\s+(?:day|week|month|shift|appointment|visit|session)\b)")
# Someone taking over another's place: "Frau Demir replaces Herr Vogt", "Duarte takes over from
# Rita" (SUCCEEDS: new, old); "Herr Vogt's successor: Frau Demir", "his replacement at the firm is
# Frau Demir" (SUCCESSOR: old or his/her, new).
SUCCEEDS = re.compile(
    PERSON_NAME
    + r"\s+(?:(?:is|will\s+be)\s+)?(?:replaces|replaced|replacing|will\s+replace|takes\s+over\s+from|took\s+over"
    r"\s+from|taking\s+over\s+from|covers\s+for|covering\s+for|succeeds|succeeded|succeeding)\s+" + PERSON_NAME
)
SUCCESSOR = re.compile(
    r"(?:" + PERSON_NAME + r"['’]s|\b(?i:his|her|their))\s+(?i:successor|replacement|stand-in)(?:\s+(?:at|in|on)\s+"
    r"(?:the\s+)?\w+)?\s*(?::|–|—|,|\s(?:is|will\s+be))\s*" + PERSON_NAME
)
# A meeting's list of who came: "Attendees: Valeria Sosa, Ramiro (CNC), Kofi from Frischeparadies, me".
# A job interview's heading and the firm it is with: "## Interview - Rota Verde", "Interview at
# Northgate Hospital pharmacy", "interviewing with Halden", "## Valo Health - second interview",
# "# Claimwise interview", "Interview RET depot Delft" (a heading naming the firm straight after).
INTERVIEW_WITH = re.compile(
    r"(?i:\binterview(?:ed|ing)?\s*(?:[-–—:]|\bat\b|\bwith\b|\bfor\b)\s*(?:the\s+)?)"
    + NAME
    + r"|^\W*"
    + NAME
    + r"(?i:\s*(?:[-–—:]\s*)?(?:\w+\s+){0,2}interview)"
    + r"|^\W*(?i:interview)\s+"
    + NAME
)
# What says a doctor or a dentist named right before is left behind: "Dr. Sami in Weibdeh is too far
# now", "Dr. Quinn (retired)", "Dr. Lee has closed the practice".
PROVIDER_LEFT = re.compile(
    r"(?i:(?:\s+(?:in|at|on)\s+[\w'’. -]{1,30}?)?\s*[,(]?\s*(?:is|'s|has|was)?\s*(?:now\s+)?"
    r"(?:too\s+far|retired|retiring|closed|closing|moved\s+away|gone|no\s+longer))\b"
)
# A town named right after a firm's name: "Interview at Shopa in Tema".
IN_A_TOWN = re.compile(r"\s+in\s+[A-ZÀ-Ý]")
# The list of who sat on it: "Panel: Dr. Helen Ashby (chief pharmacist), Sunil Rao (HR)" (or the
# names and roles alone).
PANEL_LIST = re.compile(r"^(?i:panel|interviewers?|with|present|attendees|met)\s*:\s*(.+)$")
ATTENDEE_LIST = re.compile(r"^(?i:present|attendees|attending|participants|invited|guests)\s*:\s*(.+)$")
# A person's name and what a bracket after it says of them: "Daniel Koh (DBS)".
NAMED_WITH_BRACKETS = re.compile(PERSON_NAME + r"\s*\(([^()]{1,80})\)")
# Where an attendee's name ends and what says where they are from begins: "Ramiro (CNC)".
ATTENDEE_FROM = re.compile(r"\s*(?:\(|\bfrom\b|\bof\b).*$")
# The firm an attendee comes from: "Kofi from Frischeparadies", "Niamh from B&D".
ATTENDEE_FIRM = re.compile(r"\bfrom\s+(?:the\s+)?((?-i:[A-Z0-9])[\w&'’.-]*(?:\s+(?-i:[A-Z&])[\w&'’.-]*){0,3})\s*$")
# "I report to Dana", "first week under Captain Dubois": my manager.
REPORTS_TO = re.compile(
    rf"(?i:\b(?:i|we)\s+(?:now\s+)?report(?:s|ed)?\s+(?:directly\s+)?to\s+){LOOSE_NAME}"
    # "First week under Captain Dubois", "three years working under Hana".
    rf"|(?i:\b(?:(?:first|second|third|last)\s+(?:day|week|month|shift)|\w+\s+(?:weeks|months|years)"
    rf"|(?:i|we)\s+work(?:ed)?)\s+(?:working\s+)?under\s+){PERSON_NAME}"
)
# "handed in my notice to Per", "gave resignation to Ramesh sir": one's notice goes to one's
# manager (not "to HR"), who is so until one leaves.
NOTICE_HANDED_TO = re.compile(
    rf"(?i:\b(?:hand(?:ed|ing)?\s+in|gave|give|giving|put\s+in|submit(?:ted)?)\s+(?:my\s+|our\s+|the\s+)?"
    rf"(?:notice|resignation(?:\s+letter)?|papers)\s+to\s+)(?=[A-ZÀ-Ý][a-zà-ÿ]){PERSON_NAME}"
)
# A day named by its weekday in full: "Long Friday at Nilecode", "tell Annika Wednesday".
WEEKDAY_WORDS = alternation(frozenset(WEEKDAYS))
# The verbs of telling someone news, in every form.
TELLING = r"told|tell|telling|inform|informed|informing|notify|notified|notifying"
# The writer telling someone their news, the writer's own act: "Told Lars.", "told Rosa I'm
# leaving", "I told Dr. Ferrer this morning", "telling Jussi tomorrow", a jot's "tell Ruan on
# Thursday, one month notice", "inform Mr. Owusu on Monday" (not "Léa told me").
TOLD_SOMEONE = re.compile(
    rf"(?:^|(?<=[.!?;:]\s)|(?<=\bI\s))(?i:(?:just\s+|finally\s+)?(?:{TELLING}))\s+{PERSON_NAME}"
    rf"(?=\s*(?:$|[.,;!]|(?i:today|tomorrow|tonight|this\s+\w+|in\s+person|(?:on\s+)?(?:{WEEKDAY_WORDS})|that\s+I|I['’]m|I\s+am|about"
    r"|after|before|when|first|straight\s+away|right\s+away)\b))"
)
# The one the writer has not told yet, of a job they want: "I think I want it. Haven't told Farah.",
# "don't tell Roux yet" (the manager, kept in the dark).
NOT_YET_TOLD = re.compile(
    rf"(?i:\b(?:haven['’]?t|have\s+not|not\s+yet|don['’]?t|do\s+not)\s+(?:{TELLING})\s+){PERSON_NAME}"
)
# A note about a job the writer seeks: "DBS has an opening", "sent the dossier", "applied" (an offer
# is a leaving already: LEAVING_A_JOB).
JOB_SOUGHT = re.compile(r"(?i:\b(?:applied|application|interview(?:ed)?|opening|vacancy|cv|résumé|dossier)\b)")
# The owner a note about a rented home names, as a jot's label: "owner Mr. Prakash Hegde",
# "house owner: Mrs. Iyer", "the owner is Dev Shah" (not "the café's owner").
HOME_OWNER = re.compile(
    rf"(?i:(?:^|[,;(]\s*|\s[-–]\s|\bthe\s+)(?:house\s+|flat\s+|home\s+)?owner(?:\s+is|\s*[:,=-])?\s+){PERSON_NAME}"
)
# A chat turn in which its speaker says they manage the writer: "You will report to me directly",
# "I'll be your manager from May".
SPEAKER_MANAGES = re.compile(
    r"(?i:\byou(?:['’]ll|\s+will|\s+would|['’]d)?\s+(?:now\s+)?(?:be\s+)?report(?:ing)?\s+(?:directly\s+)?to\s+me\b"
    r"|\bI(?:['’]ll|\s+will|\s+am|['’]m)\s+(?:going\s+to\s+be\s+|be\s+)?your\s+(?:new\s+)?(?:line\s+)?"
    r"(?:manager|boss|supervisor)\b)"
)
# The writer moving their things somewhere: "Moved all my savings and transfers to Kuda", "moving
# our photos over to Ente".
MOVED_MY_THINGS = re.compile(
    r"(?i:\bmov(?:ed|ing|e)\s+(?:(?:all|everything|the\s+rest)\s+(?:of\s+)?)?(?:my|our)\s+((?:[a-z]+\s+){1,4}?)"
    r"(?:over\s+)?(?:to|into|onto)\s+)" + NAME
)
# A note telling the writer's news of leaving a job: "last day at", "notice", an offer taken.
LEAVING_A_JOB = re.compile(
    r"(?i:\b(?:last\s+(?:day|shift|service|flight|tour|week|working\s+day)|notice\b|resign\w*|resignation"
    r"|offer(?:ed)?\b|got\s+the\s+job|accepted\s+the|said\s+yes\s+to|(?:I['’]m|I\s+am)\s+leaving))"
)
# One who runs the writer's workplace, named as the place the note says the writer works is:
# "Denise, who runs the store, is half my age", "Gareth owns the place", "Maria runs the QA team"
# (read only in a note that says where the writer works).
RUNS_THE_WORKPLACE = re.compile(
    rf"{PERSON_NAME}(?:,?\s+who)?\s+(?i:(?:runs|manages|ran|managed|owns|owned|heads|headed"
    # "Gloria Baptiste, who has run the real estate group since before I was born".
    r"|(?:has|had)\s+(?:run|managed|owned|headed)|(?:has|had)\s+been\s+(?:running|managing|heading))\s+the\s+(?:whole\s+)?"
    r"(?:[A-Z]{2,5}\s+|(?:night|day|front|back|main|sales|support|kitchen|tech)\s+|[a-z]+(?:\s+[a-z]+)?\s+(?=group\b))?"
    r"(?:group|store|shop|office|team|"
    r"kitchen|site|desk|department|ward|branch|depot|warehouse|floor|lab|restaurant|workshop|crew|factory|place|"
    r"library|school|clinic|practice|hospital|pharmacy|hotel|bar|caf[eé]|salon|studio|garage|farm|gym|bakery|agency|"
    r"unit|station|museum|gallery|newsroom|company|firm|business|centre|center|yard|plant|mill|surgery)\b)"
)
# One a sentence calls a boss of some kind, in a note that says where the writer works: "Rui is a
# fair boss", "Rui is fair as bosses go", "Marta's a decent manager" (not "Tom wants to be a manager").
BOSS_DESCRIBED = re.compile(
    rf"{PERSON_NAME}\s+(?i:(?:is|['’]s)\s+(?:(?:a|an)\s+(?:[a-z]+\s+){{0,2}}?(?:{alternation(lexicon.BOSS_WORDS)})\b"
    r"|[a-z]+\s+as\s+(?:bosses|managers|supervisors)\s+go\b))"
)
# One who works at a firm the note named before, said "there": "my cousin Efua Mensah is the ops
# manager there", "Omid from my old team runs the desk there", "Quyên is HR there".
STAFF_THERE = re.compile(
    rf"{PERSON_NAME}(?:,[^,.]{{1,40}},)?\s+(?i:(?:(?:from|of)\s+(?:my|our|his|her|their)\s+(?:[\w-]+\s+){{1,2}})?"
    # "Quyên is HR there" without an article; not "is still there", where they only are.
    r"(?:(?:is|'s|works|worked|was)\s+(?:as\s+)?(?:(?:the|a|an)\s+)?(?!(?:still|already|back|over|not|now|out|up|down)\b)"
    r"|(?:runs|ran|manages|heads|leads)\s+)(?:[\w-]+\s+){1,4}?there\b)"
)
# One who runs a firm the sentence or the one before names: "Clydeside Driving School will take me
# on from June, Elaine Reid runs it", "Hisingen Snickeri is looking for a foreman. Annika Holm runs it".
RUNS_IT = re.compile(
    rf"{PERSON_NAME}(?:,?\s+who)?\s+(?i:(?:runs|owns|manages|heads)\s+(?:it|the\s+place|a\s+tight\s+ship)\b)"
)
SERVICES = alternation(lexicon.SERVICE_ROLES)
# A name paid, without its group: "Doña Lupe", "Mr. Ochoa" (capitalised whatever the case around).
PAID_NAME = rf"(?:{TITLE})?(?-i:[A-ZÀ-Ý])[\w'À-ÿ-]+(?:\s+(?-i:[A-ZÀ-Ý])[\w'À-ÿ-]+)?"
# Whom a service goes to: a person or a firm ("Mr. Haworth", "Byrne & Moran", "Hoshino Tax Office").
SERVED_BY = rf"((?:{TITLE})?[A-ZÀ-Ý][\w'À-ÿ-]+(?:\s+(?:&\s+)?[A-ZÀ-Ý][\w'À-ÿ-]+){{0,2}})"
# A service of the writer's paid to someone or done by someone: "paid the rent to Quinovic", "rent
# goes to Mr. Haworth", "Gestoría Ruiz still does my taxes", "Marta will do our accounts".
SERVICE_PAID_TO = re.compile(
    rf"(?i:\b(?:pa(?:y|ys|id|ying)|sen[dt]|sending|transferr?(?:ed|ing)?|owe[sd]?)\s+(?:the\s+|my\s+|our\s+)?"
    rf"({SERVICES})\s+(?:money\s+)?to\s+(?:the\s+)?|\b(?:my|our|the)\s+({SERVICES})\s+goes\s+to\s+(?:the\s+)?)"
    + SERVED_BY
)
# The same with whom it is paid to first: "pay Doña Lupe the rent", "pay Gerry rent".
SERVICE_PAID_AS = re.compile(
    r"(?i:\b(?:pa(?:y|ys|id|ying)|giv(?:e|es|en|ing)|gave|hand(?:s|ed|ing)?)\s+)"
    + SERVED_BY
    + rf"(?i:\s+(?:(?:the|my|our)\s+)?({SERVICES})\b)"
)
# Who puts the rent up is the landlord: "Greenway Lettings put the rent up £75".
RENT_RAISED = re.compile(
    SERVED_BY
    + r"(?i:\s+(?:has\s+|have\s+|just\s+|is\s+|are\s+)?(?:put(?:s|ting)?|rais(?:e|es|ed|ing)|increas(?:e|es|ed|ing)|"
    r"hik(?:e|es|ed|ing))\s+(?:the|my|our)\s+rent\b)"
)
# Words between a server and the verb, in any tense: "is doing", "has done … for years", "will
# still do", "is going to do".
SERVICE_AUXILIARY = (
    r"(?:(?:is|are|was|were|has|have|had|will|would|can|could|still|now|also|always|just|be|been|going\s+to)\s+){0,3}"
)
SERVICE_DONE_BY = re.compile(
    SERVED_BY + rf"(?i:\s+{SERVICE_AUXILIARY}(?:does|do|did|doing|done|handl(?:e|es|ed|ing)|fil(?:e|es|ed|ing)|"
    rf"sort(?:s|ed|ing)?|prepar(?:e|es|ed|ing)|keep(?:s|ing)?|kept)\s+(?:my|our)\s+({SERVICES})\b)"
)
# Kin named by the word alone before the name, without whose, in a note's own words: "sell scooter to
# cousin Tong", "dinner with sister Anna" (the writer's; "Tom's cousin Tong" and a titled "Uncle
# Boon" are not read here).
BARE_KIN = re.compile(
    r"(?:^|(?<=^[-*•] )|\b(?:to|with|from|for|and|call|called|visit|visited|met|meet|see|saw|tell|told|ask|asked|text|"
    r"texted)\s+)(cousin|uncle|aunt|auntie|aunty|nephew|niece|grandma|grandpa|sister|brother)\s+" + PERSON_NAME
)
# A sentence that opens with a kin word of the writer's and no name: "My wife deserves a medal",
# "My sister is the only reason I survive this job"; its verb.
KIN_OPENS = re.compile(rf"(?i:^my\s+({KIN_WORDS}))\s+(?-i:([a-z]+))")
# "my new manager is Priya", "my manager here is Grace", "our accountant for years has been Ishida".
MY_RELATION_IS = re.compile(
    rf"(?i:\b(?:my|our)\s+(?:new\s+|old\s+|best\s+)?({RELATION_WORDS})\s+(?:here\s+|now\s+|there\s+)?"
    rf"(?:(?:for|since)\s+(?:\w+\s+)?(?:years|ages|decades|\d{{4}})\s+)?"
    # "our landlord is called Mr. Costa", "my new GP is named Dr. Patel".
    rf"(?:is\s+(?:called|named)|is|has\s+(?:always\s+)?been)\s+(?:now\s+)?){SOMEONE_TITLED}{LOOSE_NAME}"
)
# A role as a label: "Accountant: Herr Vogt", "new dentist: Dr. Mensah", "dentist - Dr. Okoro",
# "book dentist (Dr. Liu)".
# Where the role is, or since when, may stand between: "new trainer at the gym: Brianna", "new doctor
# near the flat: Dra. Gómez", "new dentist closer to St. Vital: Dr. Tran", "new doctor since we
# moved: Dr. Lin"; a titled name needs no colon:
# "supervisor Prof. Weber", "dentist Dr. Hill".
ROLE_LABEL = re.compile(
    rf"(?i:(?<![\w'’])(?:(?:my|our)\s+)?(?:new\s+)?({RELATION_WORDS})(?:\s+(?:at|for|from|in|near|(?:closer|close|nearer)\s+to)"
    r"\s+(?:the\s+|my\s+|our\s+)?[\w.'’]+(?:\s+(?-i:[A-ZÀ-Ý])[\w.'’]+)?|\s+(?:since|after)\s+(?:\w+\s+){0,2}\w+)?)"
    # A titled name may follow a comma too: "new dentist in Bonn, Dr. Yilmaz".
    rf"(?:(?:\s*(?::|\(|–|—)|\s+-)\s*{PERSON_NAME}|(?:\s+|,\s*)({TITLE}[A-ZÀ-Ý][\w'À-ÿ-]+{NEXT_NAME_WORD}))"
)
# A new role cried out, its holder in the next sentence with a title: "new family doctor!! Dr. Amina
# Osman, CLSC Hull" (ROLE_CRIED, then TITLED_OPENING).
ROLE_CRIED = re.compile(rf"(?i:^[\s*•>-]*(?:(?:my|our)\s+)?new\s+({RELATION_WORDS}))\s*!+\s*$")
TITLED_OPENING = re.compile(rf"^\s*({TITLE}[A-ZÀ-Ý][\w'À-ÿ-]+{NEXT_NAME_WORD})")
# Words before a role and a name that pass the name on rather than say it serves the writer ("she
# recommended the dentist Dr. Osei", "Tom knows a good plumber, Mick"), said just before it.
RECOMMENDED = re.compile(
    r"(?i:\b(?:recommend(?:s|ed|ing)?|suggest(?:s|ed|ing)?|knows?\s+an?|swears\s+by|mentioned)\b[^.;!?]*$)"
)
# "The landlord, Mr. Popa, wants 550 euros": one who serves the writer, named between commas
# ("their partner, Katrin Holm," and "the team lead, Dr. Hoffmann," are someone else's).
SERVICE_WORDS = alternation(lexicon.SINGLE_RELATIONS - lexicon.PARTNER_WORDS)
# Those the writer shares a home or a street with, named the same way: "a housemate called Priscilla".
SHARED_HOME_WORDS = alternation(frozenset(("roommate", "flatmate", "housemate", "neighbour", "neighbor")))
# "The landlord, a man called Gerry Fahy, …" says who just as well; so do "a landlord called Mr.
# Costa", "a housemate called Priscilla" and "the new GP, named Dr. Patel" in the writer's own note.
SOMEONE_CALLED = r"an?\s+(?:man|woman|guy|lady|bloke|chap|fellow|fella|girl|lad)\s+(?:called|named)\s+"
THE_ROLE_NAMED = re.compile(
    rf"(?i:(?<![\w'’])the\s+(?:new\s+)?({SERVICE_WORDS})),\s+"
    rf"(?:(?i:{SOMEONE_CALLED}){PERSON_NAME}(?=[,.;]|\s+(?-i:[a-z]))"
    rf"|{PERSON_NAME}(?=,))"
    rf"|(?i:(?<![\w'’])(?:the|a)\s+(?:new\s+)?({SERVICE_WORDS}|{SHARED_HOME_WORDS}),?\s+(?:called|named)\s+){PERSON_NAME}"
)
# The same said with "is": "landlord is a fella called Martin Crook", "our GP is a woman named Dr.
# Amin" (group 1 the role, 2 the name).
# One who serves the writer, changed for the one named after: "switched suppliers, City Plumbing on
# Chorley Road do me 15%", "changed dentists: Dr. Mensah now" (group 1 the role, 2 the name).
SWITCHED_ROLE = re.compile(
    rf"(?i:\b(?:switched|changed|swapped|switching|changing)\s+({SERVICE_WORDS})s\b\s*[,:–-]?\s*"
    rf"(?:now\s+|to\s+|with\s+|going\s+with\s+)*)((?:{TITLE})?" + NAME[1:]
)
# The word before the day a tie starts on: "I report to Marek from 1 April", "my manager is Dana as
# of Monday".
TIE_FROM = re.compile(r"(?i:\b(?:from|starting|as\s+of|effective)\s+(?=\S))")
# A time phrase that names a day: a number or a weekday ("1 April", "Monday", "the 15th"), not a
# period ("this year", "April").
DAY_TOLD = re.compile(rf"(?i:\d|\b(?:{alternation(WEEKDAY_NAMES)}|tomorrow)\b)")
# The last stretch of a tie, said before the one who holds it: "Last week with Kasia as my boss",
# "my last shift under Dev as our supervisor" (the tie ends with it).
LAST_SPELL_WITH = re.compile(
    r"(?i:\blast\s+(?:\w+\s+)?(?:day|days|week|weeks|month|months|shift|shifts|sprint)\s+(?:with|under)\s+$)"
)
# The role opens a clause or has its article: "the property manager is a woman called Priya" is no
# manager of the writer's.
ROLE_IS_SOMEONE_CALLED = re.compile(
    rf"(?i:(?:(?<![\w'’])(?:the|my|our)\s+|^|(?<=[,;:.!?]\s)|(?<=\band\s))(?:new\s+)?"
    rf"({SERVICE_WORDS}|{SHARED_HOME_WORDS})\s+is\s+{SOMEONE_CALLED})" + PERSON_NAME
)
# The word right before a role that makes it someone else's: "her landlord is a guy called …".
THEIRS_BEFORE = re.compile(r"(?i:\b(?:his|her|their|its)\s+$)")
# Words before "a landlord called …" that make it someone else's: "my sister has", "their".
SOMEONE_ELSES = re.compile(r"(?i:\b(?:has|had|his|her|their)\b)")
# An appointment with the one who serves the writer: "physio with Aaron Tan on Tuesday", "dentist
# appointment w/ Dr. Hill".
# When, between: "physio Thurs 4pm with Sione Latu".
APPOINTED_WHEN = (
    r"(?:(?:mon|tue|wed|thu|fri|sat|sun)[a-z]*\.?|\d{1,2}(?:[:.]\d{2})?\s?(?:am|pm)?|today|tomorrow|tonight|on|at|"
    r"next|this|morning|afternoon|evening)\s+"
)
ROLE_WITH = re.compile(
    rf"(?i:(?<![\w'’])({SERVICE_WORDS})\s+(?:appointment\s+|appt\.?\s+|session\s+|check-?up\s+)?"
    rf"(?:{APPOINTED_WHEN}){{0,3}}(?:with|w/)\s+)" + PERSON_NAME
)
# Someone's role as the writer meets them: "The booth partner I shadow this week is Annika", "the
# nurse we hand over to is Joy" (the role's words, then the name; not "the one I trust").
NOT_ROLE_HEADS = "one|ones|thing|things|person|people|guy|girl|man|woman|lady|only|first|last|best|worst"
ROLE_THE_WRITER_KNOWS = re.compile(
    rf"(?i:(?:^|[.;:]\s*)the\s+(?!(?:{NOT_ROLE_HEADS})\b)((?:[a-z-]+\s+){{0,2}}?[a-z-]+)\s+(?:(?:that|who|whom)\s+)?"
    rf"(?:i|we)\s+[a-z'’]+(?:\s+[a-z'’]+){{0,4}}?\s+(?:is|was)\s+){PERSON_NAME}"
)
# A role after a name, in brackets: "Karen (my boss)", "Omar (my new manager)", and the head or the
# project manager alone, as a meeting's list names whoever runs the place or the job: "Gwen Pritchard
# (head)", "Mr. Perera (PM)" (BRACKET_MANAGERS; a head of a trade, "(head brewer)", "(chief
# pharmacist)", is a colleague's role, "(head of nursing)" one of its own).
BRACKET_MANAGERS = frozenset({"head", "pm"})
NAME_THEN_ROLE = re.compile(
    rf"{PERSON_NAME}\s*\((?i:(?:my|our)\s+)?(?i:new\s+)?({RELATION_WORDS}|(?i:{alternation(BRACKET_MANAGERS)}))\)"
)
# "Julia, my wife" / "Tom is my friend" / "Tom is a friend" / "Dubois from station 4 is our new
# captain" / "with Imran as my manager" / a jot's
# "Tariq = brother" / "Mei Ling officially my manager".
NAMED_IS_RELATION = re.compile(
    rf"\b{NAME}(?:(?:,\s+|(?:\s+from\s+(?:the\s+)?\w+(?:\s+\w+)?)?\s+(?:is(?:\s+now)?|will\s+be|becomes|became)\s+)"
    r"(?:my|a|an|our)\s+|\s+as\s+(?:my|our)\s+"
    # A jot without its verb: "Mei Ling officially my manager from today", "Sam now our landlord".
    rf"|\s+(?:is\s+)?(?:now|officially|finally)(?:\s+officially)?\s+(?:my|our)\s+"
    rf"|\s*=\s*(?:my\s+|our\s+)?)(?:new\s+|old\s+|good\s+|best\s+)?((?i:{RELATION_WORDS}))\b(?!['’]s)"
)
# A relation said as the best or worst of the writer's own: "Seo-yeon is the best lead I've had",
# "Dana is the worst manager I ever worked for" (one still held: "is").
NAMED_THE_BEST_ROLE = re.compile(
    rf"\b{NAME}\s+is\s+(?i:the\s+(?:[a-z]+\s+){{1,2}}?({RELATION_WORDS})\s+(?:that\s+|who\s+)?I(?:['’]ve|\s+have)?"
    r"\s+(?:ever\s+)?(?:had|worked\s+(?:for|with|under)))"
)
# Whoever heads the writer's part of a workplace, said as theirs: "Mr. Tuilagi, our head of music,",
# "Carys is my head of department" (NAMED_HEAD_OF); "my head of department is Carys" (HEAD_OF_IS).
# "Marta Soler (head of nursing)" is her role, nobody's tie.
HEAD_OF_WORDS = r"head\s+of\s+(?:the\s+)?[a-z]+"
NAMED_HEAD_OF = re.compile(
    rf"\b{NAME}(?:,\s+|\s+(?:is(?:\s+now)?|will\s+be|becomes|became)\s+)(?i:(?:my|our)\s+(?:new\s+)?({HEAD_OF_WORDS}))"
)
HEAD_OF_IS = re.compile(rf"(?i:\b(?:my|our)\s+(?:new\s+)?({HEAD_OF_WORDS})(?:,|\s+is)\s+){PERSON_NAME}")
# A relation with a word saying which, set off after the name (and an honorific after it): "Hany,
# my team lead, stayed", "Rita, our night supervisor,", "Ruby apa, my new boss," (an ex, former or
# late one is no longer the writer's).
NAMED_MY_ROLE = re.compile(
    rf"\b{NAME}(?:\s+(?i:{HONORIFIC_AFTER}))?,\s+"
    rf"(?i:(?:my|our)\s+(?!(?:ex|former|previous|late)\b)[a-z]+\s+)({RELATION_WORDS})\b(?=,)"
)
# "The boss there is Ian", "Ian is the manager": a note's boss, the writer's when the note says
# where the writer works (the parse is asked whom it names).
THE_BOSS = re.compile(rf"(?i:\bthe\s+(?:new\s+)?(?:{alternation(lexicon.BOSS_WORDS)})\b)")
# A name right after a word only a person can be, whoever's it is: "Her new flatmate Bryn", "my
# former classmate Tolu Bakare", "their boss Annika" (the name is a person's, whatever it sounds like).
PERSON_BY_TIE = re.compile(
    rf"(?i:\b(?:my|our|his|her|their|your|the)\s+(?:(?:new|old|former|ex|best|late)\s+)?"
    rf"(?:{alternation(lexicon.PERSON_TIES | {'classmate', 'schoolmate'})})\s+)" + PERSON_NAME
)
# A relation of the writer's somewhere in a sentence ("… will be my manager"): the parse is asked
# whom it names.
MY_RELATION_WORD = re.compile(rf"(?i:\b(?:my|our)\s+(?:[a-z]+\s+)?(?:{RELATION_WORDS})\b)")
# "Dubois is our new captain" in a colleague's chat turn: a tie of the speaker's and the writer's.
OUR_RELATION_WORD = re.compile(rf"(?i:\bour\s+(?:[a-z]+\s+)?(?:{RELATION_WORDS})\b)")
# The speaker alone: "I", "my", "me".
FIRST_SINGULAR = re.compile(r"\b(i|i'm|i've|i'd|i'll|me|my|mine)\b", re.I)
# "Leo's teacher Ms Park" / "Leo's teacher is Ms Park".
THEIR_RELATION = re.compile(rf"\b{NAME}'s\s+({RELATION_WORDS})(?:\s+is)?\s+({TITLE})?{NAME}")
# "Sipho came with his new girlfriend Naledi": the relation of someone named before it.
HIS_RELATION = re.compile(rf"\b(?i:his|her)\s+(?:new\s+)?({RELATION_WORDS})(?:,)?\s+({TITLE})?{NAME}")
# "Mira and I": the person a note pairs with the writer.
PAIRED_WITH_ME = re.compile(NAME + r"\s+and\s+I\b")
# The writer's spouse or partner said by what they are together, not by a relation word: "Losa and
# me, married 9 years", "I'm married to Conor" (MARRIED: a spouse); "Zawadi and I: 3 years
# together", "Mira and I are officially together" (TOGETHER: a partner).
MARRIED = re.compile(
    NAME + r"\s+and\s+(?:I|me)\b[,:]?\s+(?:(?:are|were|have\s+been|got|just\s+got)\s+)?(?:\w+\s+){0,2}?married\b"
    r"|\b(?:I'm|I\s+am|I've\s+been|I\s+have\s+been|I\s+got|I\s+was)\s+(?:\w+\s+)?married\s+to\s+" + NAME
)
TOGETHER = re.compile(
    NAME + r"\s+and\s+(?:I|me)\b[,:]?\s+(?:(?:are|were|have\s+been|got\s+back|are\s+back)\s+)?"
    r"(?i:(?:officially|finally|now|still|\d+|one|two|three|four|five|six|seven|eight|nine|ten|years?|months?)\s+){0,3}"
    r"together\b"
)
# An engagement: "Ciarán proposed on the beach" (not "proposed to Anna", nor a plan "proposed we
# meet"), "Luka asked me to marry him", "Ciarán and I got engaged", "I'm engaged to Ciarán" (a
# partner from then on).
ENGAGED = re.compile(
    NAME
    + r"\s+(?:(?:finally|just)\s+)?(?:proposed|popped\s+the\s+question)(?:\s+to\s+me)?(?!\s+(?:to|that|we|a|an|the)\b)"
    r"|" + NAME + r"\s+(?:(?:finally|just)\s+)?asked\s+me\s+to\s+marry\s+(?:him|her|them)\b"
    r"|" + NAME + r"\s+and\s+(?:I|me)\s+(?:(?:just|finally|are|got|have|are\s+now)\s+)*(?:got\s+)?engaged\b"
    r"|\b(?:I'm|I\s+am|I\s+got|I\s+just\s+got|I've\s+got)\s+engaged\s+to\s+" + NAME
)
# A switch of the one who serves the writer: "switched dentists, from Dr. Quinn to Dr. Rowe",
# "changed my GP from Dr. Ahmed to Dr. Byrne" (the role, then who held it and who holds it now).
ROLE_SWITCH = re.compile(
    rf"(?i:\b(?:switch(?:ed|ing)?|chang(?:e|ed|ing)|swap(?:ped|ping)?|mov(?:e|ed|ing))\s+(?:my\s+|our\s+)?"
    rf"({SERVICE_WORDS})s?\b)[^.;]{{0,40}}?\bfrom\s+{PERSON_NAME}[^.;]{{0,40}}?\bto\s+{PERSON_NAME}"
)
# "my wife's birthday", "my manager" as a reference to someone the notes name elsewhere.
MY_RELATION_REF = re.compile(rf"\b(?:my|our)\s+({RELATION_WORDS})\b", re.I)
# A relative of the writer's named by the word alone as an owner, as jots do: "mum's birthday 9
# March", "dad's new number" (not "his mum's", "the dad's": the word before says whose; "my
# mum's" is read as a reference).
BARE_KIN_OWNER = re.compile(rf"(?i:(?<![\w'’])({KIN_WORDS})['’]s\b)")
# Words before such an owner that make it someone else's relative or nobody's in particular.
OTHERS_KIN = frozenset(("your", "his", "her", "their", "the", "a", "an", "of", "my", "our"))
# A tool's name in a switch: a word, and up to two capitalised words after it ("Google Keep", "VS
# Code"); lower-case words after it are the sentence's ("to Todoist this weekend").
TOOL_NAME = r"([\w.+#-]+(?:\s+(?-i:[A-Z])[\w.+#-]*){0,2})"
SWITCH = re.compile(
    # "moved the pickers' rota from WhatsApp to Deputy": what moved may be someone's.
    r"\b(?:switch(?:ed|ing)?|mov(?:ed|ing)|migrat(?:ed|ing)|went|go(?:ing)?)\s+(?:[\w'’]+\s+){0,3}?from\s+"
    rf"{TOOL_NAME}\s+(?:to|into|over\s+to)\s+{TOOL_NAME}",
    re.I,
)
# What one tool holds moved into another: "moved the old Excel price list into Google Sheets",
# "migrated our Jira tickets to Linear", "exported my Evernote notes into Obsidian".
MOVED_INTO = re.compile(
    r"\b(?:mov(?:ed|ing)|migrat(?:ed|ing)|export(?:ed|ing)|import(?:ed|ing)|copied|transferr(?:ed|ing))\s+"
    r"(?:(?:all\s+)?(?:the|my|our)\s+)?(?:old\s+)?(?=(?-i:[A-Z]))"
    rf"{TOOL_NAME}\s+(?:(?!from\b)[a-z]+\s+){{1,3}}?(?:to|into|over\s+to)\s+{TOOL_NAME}",
    re.I,
)
# A verb that moves from one tool to another, whether or not the sentence says from which.
SWITCHING = re.compile(r"(?i:\b(?:switch(?:ed|es|ing)?|mov(?:e|ed|es|ing)|migrat(?:e|ed|es|ing))\b)")
REPLACED = re.compile(rf"\breplaced\s+{TOOL_NAME}\s+with\s+{TOOL_NAME}", re.I)
# A switch told by the two names alone: "switched Spotify to YouTube Music", "swapped Trello for
# Asana" (both written as names: "switched shifts to Friday" is none).
SWITCHED_OVER = re.compile(
    rf"\b(?:switch(?:ed|ing)?|swap(?:ped|ping)?)\s+(?:my\s+|our\s+)?(?=(?-i:[A-Z0-9])){TOOL_NAME}"
    rf"\s+(?:to|for)\s+(?=(?-i:[A-Z0-9])){TOOL_NAME}",
    re.I,
)
# A switch jotted as an arrow between two names: "Jira → Linear migration done", "Todoist -> TickTick"
# (only with a tool the lists know, as for SWITCHED_OVER: "FR→JA" and "Leeds → York" are none).
ARROW_SWITCH = re.compile(
    rf"(?<![\w.+#-])(?=(?-i:[A-Z0-9])){TOOL_NAME}\s*(?:→|->|=>|⇒)\s*(?=(?-i:[A-Z0-9])){TOOL_NAME}"
)
# A tool taken up, then a farewell to another in the same sentence: "Everyone tracks work in Asana
# here, so goodbye Trello", "They use Dorico here, so goodbye Sibelius" (only with a tool the lists
# know or one the sentence says is used, as for SWITCHED_OVER: "Moved in on Monday, so goodbye
# Leeds" is none). The new one comes first.
FAREWELL_SWITCH = re.compile(
    rf"\b(?P<taken>in|on|into|to|use|uses|used|using)\s+(?=(?-i:[A-Z0-9])){TOOL_NAME}[^.;!?]{{0,40}}?"
    rf"\b(?:good-?\s?bye|bye[\s-]+bye|farewell|so\s+long|no\s+more)(?:\s+to)?[,!:]?\s+(?=(?-i:[A-Z0-9])){TOOL_NAME}",
    re.I,
)
# A tool used in another's place, the new one first: "Everybody here uses Bruno instead of Postman",
# "we use Linear rather than Jira" (only with a tool the lists know or the other a tool, as
# for SWITCHED_OVER: "lunch in Soho instead of Camden" is none).
INSTEAD_SWITCH = re.compile(
    rf"\b(?P<taken>use|uses|used|using)\s+(?=(?-i:[A-Z0-9])){TOOL_NAME}\s+(?:instead\s+of|rather\s+than)\s+"
    rf"(?=(?-i:[A-Z0-9])){TOOL_NAME}",
    re.I,
)
ADOPT = re.compile(
    r"\b(?:decided to (?:use|go with|try|switch to|adopt)|going with|went with|chose|settled on|switched to|"
    r"moving to|moved to|migrated to|now use|now using|started using|adopted|picked|"
    # "move the team to Shortcut", "migrating our docs over to Notion": what moves, then where.
    r"(?:mov(?:e|es|ed|ing)|migrat(?:e|es|ed|ing)|switch(?:es|ed|ing)?)\s+(?:the|our|my|all|everyone|everything|us|them)"
    r"(?:\s+[a-z]+){0,2}?\s+(?:over\s+)?to)\s+([\w.+#-]+)",
    re.I,
)
# Using a tool: the writer, or the team or firm they speak for ("the team uses Jira for everything").
USING = re.compile(
    # "They use Dorico here": those of the writer's workplace.
    r"(?i:\b(?:i|we|(?:the|our|my)\s+(?:team|office|company|firm|department|practice)|everyone\s+here"
    r"|they(?=\s+(?:all\s+)?use\s+[\w.+#-]+\s+here\b))\s+"
    r"(?:use|uses|'m using|am using|'re using|are using|is using|rely on|relies on|run on|runs on|live in|lives in)\s+)"
    r"([\w.+#-]+)"
)
# The verbs of USING that say a thing is used (not "live in", which a place can follow).
USED = re.compile(r"(?i:\b(?:use|uses|using)\b)")
# A tool joined to the one before it, and where the clause that joins them ends ("but", "while",
# a semicolon or full stop).
JOINED = re.compile(r"(?i:(?:\band|\bplus|,)\s*)$")
CLAUSE_END = re.compile(r"[.;!?]|\b(?:but|while|whereas|although|though|except|not)\b", re.IGNORECASE)
DROP = re.compile(
    r"\b(?:stopped using|no longer use|gave up(?: on)?|dropped|quit"
    # "moving runs off Strava", "got off Facebook": what was on a tool comes off it.
    r"|(?:mov(?:e|es|ed|ing)|get(?:ting)?|got|c[ao]m(?:e|es|ing))(?:\s+(?:my|our|the|all|everything|[a-z]+)){0,2}\s+off)"
    r"\s+([\w.+#-]+)",
    re.I,
)
# Not using a tool, which says nothing of having used it before.
NOT_USING = re.compile(r"\b(?:don't|do not|never)\s+use\s+([\w.+#-]+)", re.I)
FOR_PROJECT = re.compile(r"\bfor\s+(?:the\s+|my\s+|our\s+)?(side project|pet project|project\s+[\w-]+)", re.I)
# Every currency sign Unicode knows (its category Sc), not a list of the commoner ones: "GH₵",
# "₲", "₸" are sums as much as "€". Escaped, for a regex's character class.
CURRENCY_SIGNS = re.escape("".join(ch for ch in map(chr, range(0x10000)) if unicodedata.category(ch) == "Sc"))
# The letters of a country glued before a sign: "GH₵ 1,500", "R$ 3.500", "US$ 40", "NZ$ 25".
SIGN_PREFIX = rf"(?:\b(?-i:[A-Z]{{1,3}})(?=[{CURRENCY_SIGNS}]))?"
# Currencies by code or name, in any case (a closed set: the world's commoner ones; "try" is left
# out, a word too, and the forint's "Ft" is read only capitalised).
CURRENCY_WORDS = (
    "eur|euros?|usd|dollars?|pounds?|gbp|chf|bucks|kr|kroner|kronor|krona|sek|nok|dkk|isk|zł|zl|pln|złoty|zloty|czk|kč|"
    "huf|forints?|ron|lei|inr|rs|rupees?|jpy|yen|cny|rmb|yuan|krw|cad|aud|nzd|sgd|hkd|zar|brl|reais|mxn|ngn|naira|kes|"
    "ksh|ghs|cedis?|egp|aed|dirhams?|sar|riyals?|won|baht|pesos?|lira|ringgit|rupiah|rand|shillings?|francs?|"
    "hryvnias?|dinars?|taka|soles|tenge|manats?|lari|drams?|tugriks?|leva|rubles?|roubles?|birr|kyats?|riels?|dong|"
    # The Turkish lira as Turkey writes it ("58.000 TL"), the dirham as Morocco does ("3.800 dh"),
    # and the Americas' and Africa's others.
    "tl|quetzal(?:es)?|colones|bolivianos|lempiras?|cfa|fcfa|dh|dhs|"
    # Indian sums are told in lakhs and crores ("6.5 lakhs", "9 LPA": lakhs a year).
    "lakhs?|lacs?|crores?|lpa|"
    # The forint as Hungary writes it after the sum ("210 000 Ft"): capitalised, unlike feet's "ft".
    "(?-i:Ft)"
)
# An amount: a number with a currency or a unit per time ("780 €", "£49.99", "$1,200/month", "38k €").
# A sum's period as written, and how a value says it: "18,500/mo", "£850 per month" and "£850 a
# month" are one rent, and so is British letting's "£850 pcm" (per calendar month).
PERIOD_WORDS = {
    **{"month": "a month", "mo": "a month", "week": "a week", "year": "a year", "yr": "a year"},
    **{"hour": "an hour", "h": "an hour", "pcm": "a month"},
}
PERIOD_SUFFIX = rf"\s?(?:(?:/|a|per)\s?(?:{'|'.join(PERIOD_WORDS)})\b|pcm\b)"
# The period at the end of a stated sum.
PERIOD_TOLD = re.compile(rf"(?i:(?:\s?(?:/|\ba|\bper)\s?|\s?(?=pcm))({'|'.join(PERIOD_WORDS)})\s*$)")
# Millions as Indonesian and Vietnamese English write them.
MILLIONS = "juta|triệu|trieu"
# A number's scale written as a word: "62 million won", Indonesian "juta" and Vietnamese "triệu"
# (millions); "k" is the thousands of "38k", "m" the millions of "£1.2m".
SCALE = rf"(?:k|m\b|\s?(?:million|billion|thousand|mn|bn|{MILLIONS}|ribu)\b)"
# ISO 4217's codes of the currencies most written ("AED 95,000", "QAR 12,000", "PKR 80,000").
CURRENCY_CODES = (
    "usd|eur|gbp|chf|jpy|cny|hkd|twd|krw|inr|pkr|bdt|lkr|npr|idr|myr|sgd|thb|vnd|php|aud|nzd|cad|mxn|brl|ars|clp|cop"
    "|pen|zar|ngn|kes|ghs|ugx|tzs|egp|mad|tnd|aed|sar|qar|kwd|bhd|omr|jod|ils|try|rub|uah|pln|czk|huf|ron|sek|nok|dkk"
    "|kzt|uzs|kgs|azn|gel|amd|mnt|bgn|etb"
)
# The rand's "R" glued to a sum, told from a road's or a quarter's name by what follows it: thousands
# ("R9,500"), a "k" ("R62k") or three digits or more ("R450"); never "R2" or "Q1".
GLUED_RAND = r"\b(?-i:R)(?=\d{1,3}(?:,\d{3})+\b|\d+(?:[.,]\d+)?k\b|\d{3,}\b)"
# Currencies' short names as people write them before a sum, beside their codes: the rupiah's and
# the rupee's "Rp" and "Rs", the dinar's "JD" and "KD", the dirham's "Dhs", the ringgit's "RM".
CURRENCY_SHORT = "rp|rs|jd|kd|dhs|dh|rm"
# A currency's code or short name written before the sum: "Rp 2.300.000", "USD 500", "Rs. 1,200".
CURRENCY_BEFORE = rf"(?:\b(?i:{CURRENCY_SHORT}|{CURRENCY_CODES})\.?\s?(?=\d)|{GLUED_RAND})"
# A sign after the digits is theirs unless a number follows it: "start May 4, $41/hour" is $41.
AMOUNT = (
    rf"(?:(?:{SIGN_PREFIX}[{CURRENCY_SIGNS}]\s?|{CURRENCY_BEFORE})\d[\d,.]*{SCALE}?|\d[\d,.]*(?:\s\d{{3}})*{SCALE}?\s?(?:[{CURRENCY_SIGNS}](?!\s?\d)|(?i:{CURRENCY_WORDS})(?!\w)))"
    rf"(?:{PERIOD_SUFFIX})?"
)
# Who a sum names but does not belong to: one it is shared with, who pays a part ("rent 1,400,
# split with Joy", "the bills, shared w/ Tom"), and one it is paid to ("rent £850/month, landlord
# Mr. Whitaker", "paid to Aling Nena", "rent $2,150 to Mr. Papadakis").
NOT_THE_HOLDER = re.compile(
    r"(?i:\b(?:(?:split|shared?|sharing|halved)\s+(?:it\s+|evenly\s+|50/50\s+)?(?:with|w/)"
    # "pay Doña Lupe the rent": the one paid, named right after the verb.
    r"|(?:landlord|landlady|letting\s+agent)(?:\s+is)?[:,]?|paid\s+to|pa(?:y|ys|id|ying)"
    rf"(?=\s+(?:{LOWER_TITLE})?(?-i:[A-ZÀ-Ý])))\s+"
    # and a sum sent to them: "rent $2,150 to Mr. Papadakis", "rent 850,000 won to Mrs. Choi", "rent
    # to Herr Brandt, 890 €".
    rf"|(?<=[\d{CURRENCY_SIGNS}])\s+to\s+|\d\s?(?:{CURRENCY_WORDS})\s+to\s+|\b(?:rent|mortgage|deposit)\s+to\s+)"
)
# The same said after the name: "keys from Mr. Lennox (landlord), rent £780", "Mr. Ortiz, the landlord";
# and one who only tells of the sum.
HOLDER_NAMED_BEFORE = re.compile(
    r"(?i:\s*(?:\(|,\s*(?:the\s+|my\s+|our\s+)?)(?:landlord|landlady|letting\s+agent)\b"
    # Nor is one who only tells of it: "rent goes to JD 400 from January, Abu Firas says …".
    r"|\s+(?:says|said|reckons|thinks|told\s+me)\b)"
)
# A sum of the writer's written without its currency after the word that names it: thousands
# written with separators ("78,000"), with a k ("48k a year") or a scale word ("71 million"), or
# a number paid per a period ("720 a week"); no year.
BARE_SUM = (
    rf"(?:\d{{1,3}}(?:,\d{{3}})+(?:{PERIOD_SUFFIX})?|\d{{1,3}}(?:\.\d+)?k\b(?![-–]\d)(?:{PERIOD_SUFFIX})?"
    rf"|\d{{1,3}}(?:[.,]\d+)?\s(?:million|billion|{MILLIONS})\b(?:{PERIOD_SUFFIX})?"
    rf"|\d{{2,}}(?:\.\d+)?{PERIOD_SUFFIX})"
)
MY_SUM = rf"(?:{AMOUNT}|{BARE_SUM})"
# The home a jotted payment or sum may open with: "kos rent Rp 2.300.000 to Bu Siti", "pg rent 9,000",
# "boarding rent Rs. 35,000 to Kumari Aunty", and where it is before it: "Gulberg portion rent …".
JOTTED_HOMES = "pg|boarding|portion|annex|kos|kost|flat|room|house|home|monthly"
# A jot of a payment, with its sum or without: "- rent to Herr Brandt, 890 €, by Friday", "rent
# $2,150 to Mr. Papadakis", "rent $1,350 -> M. Gagnon" (an arrow says "to").
SERVICE_JOTTED = re.compile(
    rf"^[\s*>-]*(?:(?-i:[A-ZÀ-Ý])[\w'’-]+\s+(?=(?i:{JOTTED_HOMES})\s))?"
    rf"(?i:(?:(?:{JOTTED_HOMES})\s+)?({SERVICES}))(?:\s+{MY_SUM})?\s+(?:to|-+>|→|=>)\s+" + SERVED_BY
)
IS_MY_SUM = re.compile(rf"(?i:{MY_SUM})")
# What an amount of the writer's is or becomes: "rent up from 780 € to 820 €", "raised my savings
# from £300 to £400" (AMOUNT_CHANGE), "my rent is now 820 €", "our budget: $2,000" (AMOUNT_IS).
# The noun names the attribute.
AMOUNT_OF = r"(?:(?:monthly|weekly|yearly|annual|new|current)\s+)?([a-z]+)"
AMOUNT_CHANGE = re.compile(
    rf"(?i:(?:\b(?:my|our|the)\s+)?\b{AMOUNT_OF}\s+(?:(?:is|are|was|were|has|have|had|will|goes|went|gone|going|got|"
    rf"gets|be|been)\s+)*(?:up|down|raised|increased|decreased|dropped|reduced|cut|rose|risen|changed|moved|moves|"
    rf"bumped|lowered)?\s*from\s+({AMOUNT})\s+to\s+({AMOUNT}))"
)
# A jot (or a jotted list's item after a comma) that opens with a sum of the writer's and gives its
# amount within a few words: "rent Bronowice 3100 zł from July", "- rent to Herr Brandt, 890 €",
# "salary: 4 200 €", "keys from the landlord, rent £780 on the 1st".
# "Salary at the academy is 78,000", "rent 720 a week": a bare sum after the word that names it.
AMOUNT_JOTTED = re.compile(
    # "pay Doña Lupe the rent, $14,500", "pay Gerry rent €1,150": the one paid named between; "pay"
    # then is the verb.
    # "payday: first salary 58.000 TL": after a jot's one-word label (not an offer's), the first or
    # new sum.
    rf"(?i:(?:^|[,;!?]|\s[-–]\s|^\s*(?:[-*•]\s*)?(?!offer\b)[a-z]+\s*:)\s*(?:[-*•]\s*)?"
    # "first Kallisto salary 2,600 € in": the firm that pays it may stand between, and the period it
    # is paid for ("First full month's salary at Hordó came in: …"); a home, with where it is
    # before it ("Gulberg portion rent Rs 60,000").
    rf"(?:(?:(?-i:[A-ZÀ-Ý])[\w'’-]+\s+)?(?:{JOTTED_HOMES}|hostel)\s+|pa(?:y|id)\s+(?:{PAID_NAME}\s+)?(?:(?:the|my|our)\s+)?"
    rf"|(?:first|new|monthly|net)\s+(?:(?:full\s+)?(?:month|week)['’]s\s+)?(?:(?-i:[A-Z][\w&'’-]*)\s+){{0,2}})?"
    rf"(?!pay\s+(?:(?:the|my|our)\b|(?-i:[A-ZÀ-Ý])))({alternation(lexicon.MONEY_OF_MINE)})\b"
    # "Salary would be 78.000 €": an offer's, not the writer's yet.
    rf"(?:\s+(?!\d|would\b|could\b|might\b)[\w'’.-]+){{0,4}}?\s*[:,]?\s*({MY_SUM}))"
)
# A jotted list's item that gives the sum before the word that names it: "1BHK, 21,000 rent,
# advance 1.5 lakhs", "- 890 € rent from July".
SUM_JOTTED = re.compile(
    rf"(?i:(?:^|[,;(!?]|\s[-–]\s)\s*(?:[-*•]\s*)?({MY_SUM})\s+({alternation(lexicon.MONEY_OF_MINE)})\b(?=\s*(?:$|[,;.)]|from\b)))"
)
# The writer's pay told by who pays it or by earning it: "Zenox pays me ₦380k", "I earn 2,400 €
# a month", "I make 41,000 now" (a sum with its currency, or thousands, not "I earn points").
# "I'm on 19k at Gulf Link", "I'm on £42,000 now", as British and Gulf English say a pay (not "I'm
# on 10k steps"). "the 2,150 € Aegean Star pays me now": the sum before its payer.
PAID_TO_ME = re.compile(
    rf"(?i:\b(?:pays?\s+me|paying\s+me|I\s+(?:earn|make|get|am\s+earning|am\s+making|am\s+getting)"
    rf"|I['’]m\s+(?:earning|making|getting))"
    rf"\s+(?:only\s+|just\s+|about\s+)?)({MY_SUM})"
    rf"|(?i:\bI(?:['’]m|\s+am)\s+(?:only\s+|just\s+|still\s+)?(?:on|at)\s+)({MY_SUM})(?=\s*(?:$|[,.;:)!]|(?i:at|here|now|and|but)\b))"
    # "against the 2,150 € Aegean Star pays me now": the sum, then who pays it.
    rf"|({MY_SUM})\s+(?:that\s+)?(?:[A-Z][\w&'’-]*\s+){{1,4}}(?i:pays\s+me|is\s+paying\s+me|paid\s+me)\b"
)
# A success cried out ("They called: I got it!"), a job won when the next sentence tells the job's
# start at a place named ("Staff interpreter at the Translation Bureau starting May 4, $81,500"):
# JOB_START_TOLD, in a sentence naming no home.
GOT_IT = re.compile(r"(?i:\b(?:I|we)\s+got\s+it\s*!)")
JOB_START_TOLD = re.compile(
    r"\bat\s+(?:the\s+)?[A-Z][^,.;]*?\b(?i:(?:starting|starts?|from)\s+(?:on\s+)?(?:the\s+)?(?:\d|(?-i:[A-Z])[a-z]+\s+\d))"
)
# A pay told by the rise that brings it: "with a pay rise to £31,000", "got a raise to $84k", "my
# salary goes up to 4,100 €" (whose, the words before it say).
PAY_RAISED_TO = re.compile(
    rf"(?i:\b(?:pay\s*rise|salary\s+rise|raise|pay\s+bump|pay\s+increase|salary\s+increase|(?:pay|salary)\s+goes\s+up)"
    rf"(?:\s+of\s+\S+)?\s+to\s+)({MY_SUM})"
)
# The writer's own number said as theirs right before it: "my number is 9841 223 410 in case Aama
# asks", "my new mobile: 07700 900123" (whoever else the sentence names).
MY_NUMBER = re.compile(
    r"(?i:\b(?:my|our)\s+(?:new\s+|work\s+|home\s+|private\s+)*(?:phone\s+)?(?:number|no\.?|phone|mobile|cell)"
    r"(?:\s+is(?:\s+now)?|\s+now\s+is|:)?\s*$)"
)
# A job offered to the writer or won: "Stevie offered me the job", "We'd love to offer you the QA lead
# role", "the job is mine", "Sahra Pay offer:", "Paysmith offer!!", "they'll hire me at 78k". Its pay is the sum said
# after it in the sentence, or the next one's ("Stevie offered me the job. £31,000, four days a week").
JOB_WON = re.compile(
    r"(?i:\b(?:offer(?:ed|ing|s)?\s+(?:me|you)\s+(?:the|a|this)\s+(?:[\w-]+\s+){0,3}?(?:job|position|role|post|contract)"
    r"|(?:job|position|role)\s+is\s+(?:mine|yours)|(?:got|landed)\s+the\s+(?:job|position|role|post)|(?<!special\s)(?:job\s+)?offer\s*(?::|!)"
    # "Malia will hire me at $78k", "they took me on at 31k", "AKU took me!", "the offer came today: …", "sent the
    # letter today: operations officer, Rs 95,000 a month".
    r"|(?:hire[sd]?|hiring)\s+me\b|(?:take[sn]?|taking|took)\s+me(?:\s+on\b|\s*!)|\boffer\s+(?:came|arrived)\b"
    # "they want me!! GH₵ 9,800 a month": chosen (not "wants me to lead the hiring"); "Lotus
    # Grand said yes!! 11.5 triệu a month".
    r"|\bwant(?:s|ed)?\s+me\b(?!\s+to\b)|\bsaid\s+yes\b"
    # "they offered!! 4.2 million a month": an offer told in a chat, its sum after the marks.
    r"|(?<!\bif\s)\boffered(?:\s+me)?\s*(?:!+|:)"
    r"|\b(?:offer|appointment|joining)\s+letter\b|\bsent\s+(?:me\s+)?the\s+letter\b))"
)
# An employer's offer in their own chat turn, a sum after it: "We can offer 72,000 taka a month",
# "we'd like to offer you 45k" (the writer's own "we can offer" is their firm's, to someone else).
EMPLOYER_OFFER = re.compile(
    r"(?i:\bwe(?:['’]d\s+like\s+to|\s+(?:can|could|would\s+like\s+to|are\s+(?:happy|pleased)\s+to))"
    r"\s+offer(?:\s+you)?(?=\s+\S*\d))"
)
JOB_REFUSED = re.compile(
    r"(?i:\b(?:turn(?:ed|ing)?\s+(?:it\s+)?down|declin(?:e|ed|ing)|reject(?:ed|ing)?|refus(?:e|ed|ing))\b)"
)
# The least a sum with no period or thousands must be to read as a year's pay.
PAY_AT_LEAST = 1000
# The sum it was before, said after the new one: "78,000, up from 71,500".
AMOUNT_BEFORE = re.compile(rf"(?i:[,;]?\s*(?:up|down)\s+from\s+({MY_SUM}))")
# "my salary is £46,100", "our rent's 1150 a month", "my salary, which is 62 million won", and the
# household's own without an owner:
# "the rent's 1150 a month", "the mortgage is 980"; and what it goes to: "the rent is going to
# R9,500 from March", "our rent goes up to 820 €".
AMOUNT_IS = re.compile(
    rf"(?i:\b(?:my|our|the(?=\s+(?:monthly\s+|new\s+)?(?:rent|mortgage|stipend)\b))\s+{AMOUNT_OF}"
    rf"\s*(?::|['’]s|(?:,\s*which\s+)?(?:is|are|will\s+be)(?:\s+now)?|now|goes|went)\s*(?:(?:going|gone)\s+)?"
    rf"(?:up\s+to\s+|down\s+to\s+|to\s+)?({MY_SUM}))"
)
BIRTHDAY = re.compile(r"\b(birthday|bday|born)\b", re.I)
# A birthday's occasion, whose day told before it is its own: "Sunday 16th, for Samira's birthday
# lunch".
BIRTHDAY_OCCASION = re.compile(
    r"(?i:\b(?:birthday|bday)\s+(?:party|parties|lunch|dinner|drinks|brunch|meal|bbq|barbecue|cake|present|gift|card"
    r"|celebration|bash|do|trip|weekend|picnic)\b)"
)
# A birthday owned by "her" or "his", a word or two before it: "her actual bday is the 12th".
THIRD_PERSONS_BIRTHDAY = re.compile(r"(?i:\b(?:her|his)\s+(?:[\w'’-]+\s+){0,2}$)")
# A birthday of someone named only by a relation: "don't forget your brother's birthday" (whose it
# is no name says: never the sentence's speaker; "my wife's" is read as the wife's).
UNNAMED_RELATIONS_BIRTHDAY = re.compile(
    rf"(?i:\b(?:my|your|our|his|her|their)\s+(?:[a-z]+\s+)?({RELATION_WORDS})['’]s\s+(?:[\w'’-]+\s+)?$)"
)
# An age reached on a day the sentence tells: "Mio turned seven today", "Ama turns 40 on Saturday".
TURNED_AGE = re.compile(
    PERSON_NAME + r"\s+(?:just\s+)?(?i:turned|turns|is\s+turning|will\s+turn)\s+"
    r"(?:\d{1,3}|(?i:" + alternation(NUMBER_WORDS) + r"))\b"
)
# "lives in Denver", "moved to Howth", "moved into the apartment on Lowell Blvd in Denver".
LIVES_IN = re.compile(
    r"(?i:\b(?:(?:lives?|living|moved|moving)\s+(?:in|to)|(?:moved|moving)\s+into\s+(?:[\w'’.-]+\s+){1,6}?in"
    # A new home settled in, or its keys taken: "Settling in Swords", "we get the keys in Swords on
    # the 18th" (not "settling in at Harbour Dental").
    r"|settl(?:e|ed|es|ing)\s+(?:in|into)|(?:get|got|gets|getting|collect|collected|collecting|pick(?:ed)?\s+up)"
    r"\s+(?:the|our|my)\s+keys\s+(?:in|to|for)"
    # "we moved from Austin to Denver": where to.
    r"|(?:moved|moving)\s+from\s+(?-i:[A-ZÀ-Þ])[\w'’.-]*(?:\s+(?-i:[A-ZÀ-Þ])[\w'’.-]*){0,2}\s+to)\s+)" + NAME
)
# The buildings a home is, by their nouns ("the Gldani flat"; not "place" nor "home", which say
# nothing of a building), with a flat's word in the languages bilingual writers mix in ("appart in
# Gatineau", "piso en Gràcia").
HOME_BUILDINGS = (
    "flat|apartment|condo|townhouse|bungalow|house|annex|annexe"
    "|appart|appartement|apartamento|departamento|piso|wohnung"
)
# "pg": a paying guest's room, as Indian English calls a rented room with meals; "boarding", a
# rented room in Sri Lankan English; "portion", a floor of a house let in Pakistani English; "kos",
# "kost": an Indonesian boarding room.
HOME_NOUN_WORDS = rf"{HOME_BUILDINGS}|place|home|pg|boarding|portion|kos|kost"
HOME_NOUNS = rf"(?:{HOME_NOUN_WORDS})"
# A rented room is a home too when it is "in" a place ("the room in San Blas"), not when a name
# comes before it ("the Zoom room").
HOMES_IN = rf"(?:{HOME_NOUN_WORDS}|room)"
# After the name a move goes to: someone's site that is no home ("he moved to Irish Rail's
# Inchicore depot", not "moved to Ana's place").
OWNERS_SITE = re.compile(rf"['’]s\s+(?!(?:{HOME_NOUN_WORDS})\b)(?:[\w'’.-]+\s+){{0,2}}?[a-z][\w-]*")
# The buses, trams and shared minibuses and taxis of the world by their local names: the ways
# people commute from home.
LOCAL_TRANSPORT = (
    r"bus|tram|metro|subway|tube|streetcar|matatu|danfo|jeepney|minibus|microbus|trotro|tro-tro|tuk-tuk|tuktuk"
    r"|boda|boda-boda|chapa|angkot|songthaew|marshrutka|colectivo|combi|dolmu[sş]"
)
# Going home by a commute's means, or coming home: "the microbus home to Heliopolis", "took the
# marshrutka home to Gldani", "took the last train back to Tampines", "the drive home to Salthill",
# "came home to Palermo covered in sawdust", "walked back to the flat in Govan" (not a flight: home
# may be a country one left).
HOME_BY = re.compile(
    rf"(?i:\b(?:(?:train|{LOCAL_TRANSPORT}|taxi|cab|uber|drive|drove|ride|rode"
    r"|cycle|cycled|walk|walked)\s+(?:home|back)|(?:came|come|comes|coming|got|get|gets|getting|headed|heading)\s+home)"
    rf"\s+to\s+(?:(?:the|my|our)\s+{HOME_NOUNS}\s+in\s+)?"
    # Coming back to a home named by its noun: "came back to PG in Marathahalli by 10 pm", "got back
    # to the flat in Govan" (not "came back to London": a trip's end).
    rf"|(?:came|come|comes|coming|got|get|gets|getting|headed|heading|went|going)\s+back\s+to\s+"
    rf"(?:(?:the|my|our)\s+)?{HOMES_IN}\s+in\s+)" + NAME
)
# Coming in to work from home: "the drive in from Varde", "no point driving in from Varde", "my
# commute from Tallaght", "commuting from Hove", "the commute to Northgate from Rusholme" (not "the
# train from Paris": a trip is no commute).
HOME_FROM = re.compile(
    r"(?i:\b(?:(?:drive|driving|drove|ride|riding|rode|cycle|cycling|cycled|walk|walking|walked|bus|train|tram|come|"
    r"coming|came)\s+in|commut(?:e|es|ed|ing)(?:\s+(?:in)?to\s+(?:the\s+)?[A-Z][\w'’-]*(?:\s+[A-Z][\w'’-]*){0,2})?)"
    r"\s+from\s+)" + NAME
)
# A commute named by the local transport taken from home, or jotted from home to work: "The 54 bus
# from Scarborough was so late", "the tram from Footscray is packed by seven", "The trotro from
# Madina to Spintex took two hours" (where it goes, a place too), "commute Scarborough to King
# West: 70 min" (a train, a ferry or a flight from a town is a trip's).
HOME_COMMUTE = re.compile(
    r"(?i:\b(?:the|my|our)\s+(?:\d{1,3}[a-z]?\s+)?(?:early\s+|morning\s+|late\s+|night\s+)?"
    rf"(?:{LOCAL_TRANSPORT})\s+(?:in\s+)?from\s+)" + NAME + r"(?:\s+to\s+" + NAME + r")?"
)
COMMUTE_JOTTED = re.compile(r"(?i:\bcommute\s+(?:from\s+)?)" + NAME + r"(?=\s+(?:to|->|→)\s)")
# The writer in a sentence's words before a place: "Wei Ming and I took …", "we drove …".
WRITER_SAID = re.compile(r"\b(?:I|we|We|me|us)\b")
# Another's chat turn asking after the writer's new holder of a role: "how's the new dentist",
# "who is your new manager?" (answered by the writer's next turn).
ASKED_NEW_ROLE = re.compile(
    rf"(?i:\b(?:how['’]?s|how\s+is|how\s+was|who['’]?s|who\s+is|what['’]?s)\s+(?:the|your|ur)\s+new\s+({RELATION_WORDS})\b"
    # "and a doctor? you need one over there", "did you find a dentist yet?"
    rf"|\b(?:a|an)\s+(?:new\s+)?({RELATION_WORDS})\s*\?|\b(?:need|find|found|get|got)\s+(?:a|an)\s+(?:new\s+)?({RELATION_WORDS})\b"
    # "and the boss?", "your new landlord?": the role alone asked after.
    rf"|\b(?:the|your|ur)\s+(?:new\s+)?({RELATION_WORDS}|owner)\s*\?)"
)
# The writer's chat turn asking who holds a role of theirs: "who is the landlord?", "who's our new
# manager?" (answered by another's next turn).
ASKED_WHO_HOLDS = re.compile(
    rf"(?i:\bwho(?:['’]s|\s+is|\s+will\s+be)\s+(?:the|our|my)\s+(?:new\s+)?({RELATION_WORDS})\s*\?"
    # "who owns it?", "who is the owner?" of a home: its landlord.
    r"|\bwho\s+(owns)\s+(?:it|the\s+(?:flat|house|place|apartment|building|room))\s*\?"
    r"|\bwho(?:['’]s|\s+is)\s+the\s+(owner)\s*\?"
    # "and the landlord?": the role alone, the whole turn.
    rf"|^\s*(?:and\s+)?(?:the|our|my)\s+(?:new\s+)?({RELATION_WORDS})\s*\?)"
)
# A new holder of a role compared with the one before: "First week with Imran as my manager. He is
# calmer than Gwen", "Dr. Lee is gentler than Dr. Weber" (the subject, then the one compared with).
COMPARED_WITH = re.compile(
    r"(\b(?i:he|she|they)|" + PERSON_NAME_WORDS + r")(?i:\s+(?:is|'s|was|seems|feels)\s+(?:(?:so|much|a\s+lot|way|far|"
    r"even)\s+)?(?:[a-z]+er|more\s+[a-z]+|less\s+[a-z]+)\s+than\s+)" + PERSON_NAME
)
# The home a move leaves: "we moved from Austin to Denver" (Austin until then).
MOVED_FROM = re.compile(r"(?i:\b(?:moved|moving)\s+from\s+)" + NAME + r"(?i:\s+to\b)")
# The writer's home named by its place: "the Brunswick flat", "rent for the Majorna flat", "our
# place in Ealing", "my flat in Leith", "the new flat in Neukölln", "The flat in Bonfim is small"
# (opening the sentence). Someone else's ("Moana's place
# in Petone", "their flat"), a former one ("my old flat in Leith") and one merely seen ("a flat in
# Floreasca") are not.
HOME_NOUN = re.compile(rf"\b{HOME_NOUNS}\b", re.IGNORECASE)
MY_HOME = re.compile(
    # "tell the Ruzafa landlord by the 1st": the landlord of the writer's home there.
    r"(?i:\b(?:my|our|the)\s+(?:new\s+)?)" + PLACE_NAME + rf"(?i:\s+(?:{HOME_NOUNS}|landlord|landlady))\b"
    rf"|(?i:\b(?:(?:my|our)\s+(?:new\s+)?|the\s+new\s+){HOMES_IN}\s+in\s+)"
    + PLACE_NAME
    # A sentence that opens with the home as its subject: "The flat in Bonfim is small".
    + rf"|^\s*(?:[-*•]\s*)?(?i:the\s+{HOMES_IN}\s+in\s+)"
    + PLACE_NAME
)
# A home in a place, whoever's: "flat in Amadora" (the writer's where the sentence tells their rent).
HOME_IN = re.compile(rf"(?i:\b{HOMES_IN}\s+in\s+)" + PLACE_NAME)
# A home named by its place before it: "Penarth flat", "the Ruzafa house".
PLACE_HOME = re.compile(PLACE_NAME + rf"(?=\s+(?i:{HOME_NOUNS})\b)")
# The word rent itself: "rent 650 € to Sr. Carvalho".
RENT_WORD = re.compile(r"(?i:\brent\b)")
# A place the writer leaves behind, said in a note about a new home: "I already miss the market in
# Drumul Taberei", "Melville, I will miss your coffee shops", "out of Tampines", "last box out of
# the Majorna flat", "gave the Tampines keys back"; the place the new one is compared with:
# "quieter than Ruzafa", "louder than the traffic in Rathmines ever was"; the years spent there:
# "forty-two years in Kettering and the house sold in nine days"; "our last night in Osborne
# Village"; the place told of in the past beside it: "Hervanta had the better supermarket".
LEFT_HOME = re.compile(
    r"(?i:\bmiss(?:ing)?\s+(?:(?:the|our|my)\s+)?(?:[\w'’-]+\s+){0,3}?(?:in|of|on)\s+)"
    + NAME
    + r"|(?i:\b(?:\w+er|more\s+\w+|less\s+\w+)\s+than\s+(?:(?:the|our|my)\s+(?:[\w'’-]+\s+){0,3}?(?:in|of|on)\s+)?)"
    + NAME
    + "|"
    + NAME
    + r"(?i:,\s+(?:I\s+)?(?:will\s+|'ll\s+|already\s+)?miss(?:ing)?\b)"
    + rf"|(?i:\b(?:(?:out\s+of|left|leaving|goodbye(?:\s+to)?)(?:\s+(?:the|our|my)(?=\s+\S+\s+{HOME_NOUNS}\b))?"
    r"|(?:[a-z]+[- ])?[a-z]+\s+years\s+in|(?:our|my)\s+(?:very\s+)?last\s+(?:night|day|week|weekend)\s+in)\s+)"
    + NAME
    + r"|(?i:\b(?:gave|give|handed|hand)\s+(?:back\s+)?(?:the|our|my)\s+)"
    + NAME
    + r"(?i:\s+keys\b)"
    + r"|"
    + NAME
    + r"(?i:\s+(?:had|was)\s+(?:the\s+|a\s+)?(?:better|worse|nicer|\w+er|more\s+\w+|less\s+\w+)\b)"
    # "Footscray already feels far away".
    + r"|"
    + NAME
    + r"(?i:\s+(?:already\s+)?(?:feels|seems)\s+(?:so\s+|very\s+)?far\b)"
)
# A home the writer signs for, named by its place: "signed the lease for the flat in Wanchaq",
# "Signed for a 4½ on Rue Galt in Verdun, 1,590 a month", "we signed a lease on a two-bed in
# Leith". Read as a home only when the words say so: a lease, a home noun or a monthly sum ("signed
# the contract for the job in Leeds" is none).
LEASE_SIGNED = re.compile(
    r"(?i:\b(?:signed|signing)\s+(?:(?:the|a|our|my)\s+)?(?:(?:new\s+)?(lease|rental\s+agreement|tenancy)(?:\s+|(?=:)))?"
    # "signed the lease: 2BR in Al Barsha", the home after a colon.
    r"(?:(?:for|on)\s+|:\s*)(?:(?:the|a|an|our|my)\s+)?((?:[\w½'’-]+\s+){0,4}?)(?:(?:on|at)\s+(?:[\w'’.-]+\s+){1,3}?)?in\s+)"
    + PLACE_NAME
)
# A home let by a person the writer signs with, its sum by the month after ("signed with Mrs.
# Varga: 150 000 Ft/month, deposit two months, keys 28.03."; "signed the lease with Mr. Adeyemi,
# ₦450,000 a year").
SIGNED_WITH = re.compile(
    r"(?i:\b(?:signed|signing|sign)\s+(?:(?:the|a|our|my)\s+(?:new\s+)?(?:lease|contract|tenancy|rental\s+agreement)\s+)?"
    r"with\s+)" + PERSON_NAME
)
# What only a home let to the writer comes with: a deposit, its keys, a lease.
HOME_DEAL = re.compile(r"(?i:\b(?:deposit|keys|lease|tenancy|move[- ]in)\b)")
# A home's sum by the month, or by the year as leases in the Gulf and in West Africa run, with or
# without its currency ("1,590 a month", "£850 pcm", "900 soles/month", "9 800 kr/month", "AED
# 95,000 a year").
RENT_SUM = re.compile(
    rf"(?i:(?:{SIGN_PREFIX}[{CURRENCY_SIGNS}]\s?|{CURRENCY_BEFORE})?(?:(?<=\bR)|\b)"
    rf"(?:\d{{1,3}}(?:[ \u00a0]\d{{3}})+|\d[\d,.]*){SCALE}?"
    rf"(?:\s?(?:[{CURRENCY_SIGNS}]|(?:{CURRENCY_WORDS})\b))?"
    rf"\s?(?:(?:a|per|/)\s?(?:month|mo|year|yr|annum)\b|p\.?a\.?(?!\w))|(?:[{CURRENCY_SIGNS}]\s?)?\b\d[\d,.]*\s?pcm\b)"
)
# A rented home a monthly sum after it is the rent of: "flat on Torvegade, 3rd floor, 8,400 kr a
# month, keys 25 May" (not "house insurance 30 a month", nor "Moana's flat"), when the sentence
# says the home is taken (keys, a deposit, a lease, the move): a listing's price is no rent.
RENTED_HOME = re.compile(
    # "2BR", "3-bed", "1BHK": a home by its bedrooms.
    rf"(?i:(?<!['’]s\s)\b(?:{HOME_BUILDINGS}|room|studio|kos|kost|[1-6]\s?-?(?:br|bhk|bed))"
    r"(?=\s*[,:;(–—-]|\s+(?:on|in|at|near|by|off|is|was|costs?|will\s+be)\b)"
    # "lease for Līhuʻe signed, $2,150/mo": a home's lease by where it is (not a car's).
    r"|(?<!car\s)(?<!van\s)\blease\s+(?:for|on)\s+(?-i:[A-ZÀ-Ý]))"
)
HOME_TAKEN = re.compile(
    # "new kos in Cikarang: Rp 1.900.000/month": a new home is one taken.
    r"(?i:\bnew\s+(?:flat|apartment|room|house|kos|kost)\b"
    r"|\b(?:keys?|deposit|bond|lease|sign(?:ed|ing)?|contract|mov(?:e|ed|ing)\s+in|moving|moved"
    # "advance 1.5 lakhs", "shift on 2nd May": the deposit and the move, as Indian English says them.
    r"|advance|shift(?:ing)?\s+on)\b)"
)
# A rented home named by where it is: "flat in Jayanagar 4th block", "room in San Blas".
RENTED_HOME_IN = re.compile(rf"(?i:\b(?:{HOMES_IN}|studio|1bhk|2bhk|3bhk)\s+in\s+)" + PLACE_NAME)
# Someone else's home named by its place: "my sister Jing Yi's new place in Bishan", "Moana's flat in
# Petone" (not an old one).
THEIR_HOME = re.compile(PERSON_NAME + rf"['’]s\s+(?i:(?:new\s+)?{HOME_NOUNS}\s+in\s+)" + NAME)
# A sentence said to someone: whose home "the X flat" is, it does not say.
ADDRESSED = re.compile(r"(?i:\byou(?:r|'re|'ve|'ll)?\b)")
# A home only looked at, applied for or wished for, said before it: "viewed the Clifton flat", "an
# offer on", "Conor wants the Howth flat".
VIEWING = re.compile(
    r"(?i:\b(?:view(?:ed|ing)?|look(?:ed|ing)?\s+at|saw|see(?:ing)?|visit(?:ed|ing)?|tour(?:ed|ing)?|want(?:s|ed)?|"
    r"inspect(?:ed|ing)?|appl(?:y|ied|ying)\s+for|offer\s+on|bid\s+on)\b[^.;!?]*$)"
)
# "Efua, who flew in from Accra", "my cousin visiting from Toronto": someone else come from where
# they live (the writer coming back from somewhere is back from a trip).
COME_FROM = re.compile(
    r"(?i:\b(?:flew|flown|flies|flying|came|comes|coming|drove|visiting)\s+(?:(?:in|over|down|up)\s+)?from)\s+" + NAME
)
# Someone and their firm, as meeting notes name them: "Niamh from B&D", "Maeve Joyce (Corrib)",
# "call with Tom from Deloitte". Read only when the first is a person and the second a firm.
PERSON_OF_FIRM = re.compile(rf"{PERSON_NAME}(?:\s+from\s+(?:the\s+)?|\s*\(\s*){NAME}")
# A move only thought of, said before the verb: "Thinking about moving to Denver", "we might move
# to Leeds", "would love to live in Lisbon" say nothing of where anyone lives.
PONDERING = re.compile(
    r"(?i:\b(?:think(?:ing)?\s+(?:about|of)|consider(?:ing)?|might|maybe|perhaps|would\s+(?:like|love)\s+to|"
    r"wants?\s+to|dream(?:ing)?\s+(?:of|about)|if\s+(?:we|i)|whether\s+to|should\s+(?:we|i))\b[^.;!?]*$)"
)
# "lives at …", "address: …", "Rachel's address for the card: …".
STREET_WORDS = (
    "street|st|straße|strasse|str|straat|road|rd|avenue|ave|avenida|blvd|boulevard|lane|ln|hill|way|rua|place"
    "|square|gasse|weg|plein|gracht|út|utca|körút|tér|gatan|vägen|gade|vej|katu"
)
# The street words of languages that write them after the name, and that end no one's name as
# "Hill" or "Lane" may: "Rákóczi út", "Drottninggatan"'s "gatan" written apart, "Nørre Voldgade".
STREET_ONLY_AFTER = re.compile(
    r"(?i:\s(?:straße|strasse|straat|gasse|plein|gracht|út|utca|körút|tér|gatan|vägen|gade|vej|katu))$"
)
STREET = rf"(?:{STREET_WORDS})"
# A place's last word that makes it a street, square or landmark within the place its first words
# name: "Leith Walk" is no other name for Leith, nor "Portobello Road" for Portobello.
WITHIN_A_PLACE = re.compile(
    rf"(?i:\s(?:{STREET_WORDS}|walk|drive|dr|terrace|close|crescent|quay|wharf|market|bridge|station|park|gate|row)\.?$)"
)
# Street words that come first, the name and the number after ("Via Nizza 45", "Rua Augusta 24"),
# capitalised as in an address ("sent via Royal Mail 2 parcels" is none).
LEADING_STREET = r"(?:Via|Viale|Corso|Piazza|Strada|Calle|Carrer|Rua|Avenida|Plaza|Praça|Largo)"
# A street address by its shape: a number and a street word either way round ("14 Cardigan Road",
# "Schlesische Straße 28"), or a leading street word, its name and a number.
STREET_ADDRESS = re.compile(
    rf"\b\d+[a-z]?\s+(?:(?-i:[A-Z])[\w'’.-]*\s+){{0,3}}{STREET}\b\.?(?:[ ,]+(?:Apt|Flat|Unit)\s*\w+)?"
    rf"|\b(?:(?-i:[A-ZÀ-Þ])[\w'’-]*\s+){{0,3}}[\w'’-]*{STREET}\.?\s+\d+[a-z]?\b"
    rf"|\b(?-i:{LEADING_STREET}\s+(?:(?:[A-ZÀ-Þ][\w'’.-]*|d[aeiou]\w{{0,3}}|la|le)\s+){{1,4}}\d+[a-z]?\b)",
    re.IGNORECASE,
)
# A home's noun in lower case right after a name: "the Gldani flat" is a home in a place, not a
# firm's.
HOME_AFTER = re.compile(rf"\s+(?:{HOME_BUILDINGS})\b(?![-'’])")
# A street word written in lower case after a name, part of the street's name: "2 rooms on
# Abashidze street" (not "the Dubai road": the road to a town).
STREET_AFTER = re.compile(r"\s+(?:street|avenue|lane|boulevard)\b(?![-'’])")
# A street written with its street word first and in lower case, as French, Spanish, Italian and
# Portuguese write them: "rue Laurier", "boul. Saint-Joseph", "calle del Carmen" (not "via",
# English's "by way of", nor "avenue" or "plaza" capitalised, which open names of their own).
STREET_LED = re.compile(
    r"(?<![\w.])(?:rue|boul\.|boulevard|bd\.|av\.|avenue|chemin|calle|rua|avenida|allée|quai|piazza|plaza|praça"
    r"|carrer|strada)\s+(?:(?:de|du|des|de\s+la|la|le|del|da|do|di)\s+)?[A-ZÀ-Þ][\w'’-]*(?:\s+[A-ZÀ-Þ][\w'’-]*){0,2}"
)
# A street named without its number: "the bakery on Elm Street", "Swift Road" (its words name no tool).
STREET_NAMED = re.compile(rf"\b(?-i:[A-ZÀ-Þ])[\w'’-]*(?:\s+(?-i:[A-ZÀ-Þ])[\w'’-]*){{0,2}}\s+(?-i:[A-Z])(?i:{STREET})\b")
# A note about moving house ("Moving day.", "the movers came", "unpacking"), in which a first night
# somewhere is the first night of the new home: "First night in Hamilton: no curtains".
MOVING_NOTE = re.compile(
    r"(?i:\b(?:moving\s+day|moved\s+(?:in|out|house)|movers|removal\s+van|unpack(?:ed|ing)|the\s+move\b))"
)
# A sentence that says the writer has moved in, the home's place said after it ("moved in!!! Horwich.").
MOVED_IN = re.compile(r"(?i:^\s*(?:[-*•]\s*)?(?:(?:we|i)\s+)?(?:just\s+|finally\s+)?moved\s+in\b(?!\s+with\b))")
FIRST_NIGHT_IN = re.compile(
    r"(?i:\bfirst\s+(?:night|evening|morning|weekend)\s+in\s+"
    r"(?:(?:the|our|my)\s+new\s+(?:flat|place|house|apartment|home)\s+in\s+)?)" + NAME
)
# Where a street address is someone's home, or an organisation's premises.
HOME_WORDS = re.compile(r"\b(?:flat|apartment|condo|house|home|moved|moving|lease|new\s+place|address)\b", re.I)
PREMISES_WORDS = re.compile(r"\b(?:office|offices|studio|shop|clinic|restaurant|premises|hq|headquarters)\b", re.I)
LIVES_AT = re.compile(r"\b(?:lives?\s+at|address(?:\s+[\w'’]+){0,3}?(?:\s+is|:))\s+([^.;\n]{6,80})", re.I)
# Words that make the name after them a firm's: "a startup called Fernbrook", "applied to
# Copperleaf", "my pension is with Aviva", "bank with Monzo"; and after it: "Copperleaf's office".
# ("Interview at Britomart" is where, not who: no cue.)
FIRM_NOUNS = (
    r"(?:startup|start-up|company|firm|agency|business|brand|charity|consultancy|bank|insurer|supplier"
    r"|vendor|contractor|label|publisher|employer)"
)
# A way somewhere right before a name: "on the way up to Gergeti", "the drive to Sofia", "the ferry
# to Hvar": where one goes, a place.
TRAVELLED_TO = re.compile(
    r"(?i:\b(?:way|road|drive|trip|flight|train|bus|ferry|hike|journey|route|climb)\s+"
    r"(?:(?:up|down|back|over|out|home)\s+)?to\s+(?:the\s+)?)$"
)
FIRM_BEFORE = re.compile(
    rf"(?i:\b(?:{FIRM_NOUNS}\s+(?:called|named)"
    r"|applied\s+(?:to|at)|(?:bank|banking|pension|mortgage|insurance|insured|policy|account|loan)\s+(?:is\s+)?with"
    r"|my\s+(?:bank|insurer|employer|pension\s+provider)\s+is)\s+(?:the\s+)?)$"
)
FIRM_AFTER = re.compile(
    r"(?i:^['’]s\s+(?:new\s+)?(?:office|offices|hq|headquarters|head\s+office|careers\s+page|recruiter|hr\s+team"
    r"|ceo|founders?|shareholders|payroll)\b"
    # "Sahlgrenska offer: 38 500 kr/month": who offers a job is a firm.
    r"|^\s+(?:job\s+)?offer\b"
    # "resignation letter to Aegean Star HR": a firm's people department (not "Kamaladi head office",
    # the town a bank's office is in).
    r"|^\s+(?:hr|payroll)\b"
    # "BangkokSmile follow-up w/ Dr. Thanawat": a clinic one has an appointment at.
    r"|^\s+(?:follow-?up|appointment|appt|check-?up|consultation)\b)"
)
# "Interview at Paysmith today, the payments start-up on Bree Street": a firm by its apposition
# (not a town the firm is in: "Voltwerk in Bonn, a solar start-up").
FIRM_APPOSITION = re.compile(
    rf"(?i:^(?:\s+(?:today|yesterday|tomorrow|tonight))?,\s+(?:the|a|an|our|my)\s+(?:[\w-]+\s+){{0,3}}?{FIRM_NOUNS}\b)"
)
IN_BEFORE = re.compile(r"(?i:\bin\s+$)")
# A doctor "at" a name: the practice or the hospital they work at ("Dr. Thanawat at BangkokSmile").
DOCTOR_AT = re.compile(r"\bDra?\.?\s+[A-ZÀ-Ý][\w'’-]+\s+(?:at|from)\s+$")
# A firm as the one hiring: "Hospital Aitana, is hiring", not a place it stands in ("the school on
# Królowej Jadwigi is hiring": the name after a preposition is no subject).
HIRING_AFTER = re.compile(r"(?i:^,?\s+(?:is|are|was|were)\s+(?:now\s+|still\s+)?hiring\b)")
PREPOSITION_BEFORE = re.compile(r"(?i:\b(?:on|in|at|near|by|from|of|off|to|into|behind|opposite)\s+(?:the\s+)?$)")
# A stretch of time at a workplace: "first week back at Northwind", "three weeks in at Orbis Labs",
# "day one at Halcyon Health", "six months at Brightloop", "two weeks at the arboretum with Five
# Rivers MetroParks", "first day as a ranger with the Parks Service", "first day as foreman at
# Hisingen Snickeri"; "last day at X" and "handed in my notice at X" end it.
WORK_SPELL = re.compile(
    r"(?i:\b((?:hand(?:ed|ing)?\s+in|gave|give|giving|put\s+in)\s+(?:my\s+|our\s+)?notice|(?:first|second|third|last|final)\s+(?:real\s+|full\s+|proper\s+)?(?:day|week|month|shift|service)|(?:day|week)\s+(?:one|two|three|four|five|\d{1,3})"
    # "Eleventh year at School No. 47": a tenure counted in years (not "last year at the fair").
    r"|(?:first|second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth|eleventh|twelfth|\d{1,2}(?:st|nd|rd|th))\s+year"
    r"|\w+\s+(?:days|weeks|months|years)|(?:(?:early|late|night|day|double|closing|opening)\s+)?shifts?)"
    r"\s+(?:back\s+|in\s+)?(?:as\s+(?:(?:a|an|the)\s+)?[a-z-]+(?:\s+[a-z-]+)?\s+)?"
    r"(?:(?:at|in|on)\s+the\s+[a-z]+(?:\s+[a-z]+)?\s+)?"
    r"(?:at|with|of)\s+(?:the\s+)?)" + NAME
)
# The part of the firm a spell is spent in, before the firm: "two weeks at the arboretum with Five
# Rivers MetroParks", "eight years in the outpatient pharmacy at Suandok Hospital". Only a name
# known for a firm is then the workplace ("a week at the lake with Kim").
SPELL_SITE = re.compile(r"(?i:\b(?:at|in|on)\s+the\s+[a-z]+(?:\s+[a-z]+)?\s+(?:at|with|of)\b)")
# What joins a spell to a name it was spent on, not at: "twelve years of Pro Tools" (while "first
# day with easyJet" is a job, whatever the name's kind).
SPELL_WITH_TOOL = re.compile(r"(?i:\s+(?:back\s+|in\s+)?of\s+(?:the\s+)?)")
# Notice given to the workplace named before it: "I'll give Ace two weeks notice", "handed Brightloop
# my notice" (group 1 ends in "notice", as WORK_SPELL's does when notice ends a spell).
NOTICE_TO = re.compile(
    r"(?i:\b(?:give|gave|giving|given|hand|handed|handing)\s+)"
    + NAME
    + r"(?i:\s+((?:my\s+|our\s+|a\s+)?(?:(?:\w+|\d+)\s+(?:weeks?|months?|days?)['’]?\s+)?notice))\b"
)
# Whose a site named by its town is: "the Leeds office of Halden Analytics", "the Porto base for
# easyJet" (matched right after the town's name).
SITE_OWNER = re.compile(r"\s+[a-z]+\s+(?:of|for)\s+(?:the\s+)?" + NAME)
# A spell "of" what the writer does, then where: "third year of the PhD at the University of
# Edinburgh", "second month of the MBA at INSEAD" (the place after "at" is the workplace).
SPELL_OF_WHAT = re.compile(r"(?i:\bof\s+(?:the\s+)?)$")
HELD_AT = re.compile(r"\s+(?:at|with)\s+(?:the\s+)?" + NAME)
# A spell that counts the days at a workplace: "day 2", "day one".
DAY_COUNT = re.compile(r"(?i:day\s+(\d{1,3}|one|two|three|four|five))")
# One that counts the weeks: "first week", "week 3", "second full week" (it began on a Monday).
WEEK_COUNT = re.compile(
    r"(?i:(first|second|third)\s+(?:real\s+|full\s+|proper\s+)?week|week\s+(\d{1,2}|one|two|three|four|five))"
)
# Company that makes a day out no workday: "a long day at Bondi with the kids".
WITH_FAMILY = re.compile(rf"(?i:\bwith\s+(?:the|my|our)\s+(?:{KIN_WORDS}|kids|children|family|friends|mates|dog)\b)")
# A spell at a workplace told by what the writer does there, where, or how the day went: "twelve
# years driving for NZ Bus", "third year of testing games at Kettu", "six years behind the counter
# at Kingsway", "eight seasons guiding for Inka Trails", "long day at Farmacia Tei", "Hectic
# Monday at Brightloop". Read only when
# the name is an organisation's, or for a tenure (SPELL_TENURE) one not written as a person's, as
# a typed name may be read wrong: "Six years flying with TAP" (not "three days waiting for Tom",
# "a long day at Bondi").
WORK_SPELL_LOOSE = re.compile(
    r"(?i:\b(\w+\s+(?:(?:days|weeks|months|years|seasons|summers|winters)\s+|(?:day|week|month|year|season)\s+of\s+)"
    r"(?:\w+ing(?:\s+[a-z]+)?|(?:behind|on|in|at)\s+the\s+[a-z]+)"
    r"|(?:long|busy|hard|quiet|slow|crazy|good|bad|hectic)\s+"
    rf"(?:day|shift|week|night|{WEEKDAY_WORDS}))\s+(?:at|for|with)\s+(?:the\s+)?)" + NAME
)
SPELL_TENURE = re.compile(
    r"(?i:\w+\s+(?:days|weeks|months|years|seasons|summers|winters|(?:day|week|month|year|season)\s+of)\b)"
)
# A spell "by" a firm, as German and Dutch speakers say it (bei, bij): "Last day by Hartmann", "Four
# months by Voltwerk", "I work by Hartmann since 6 years" (read only when the name is a firm's).
WORK_SPELL_BY = re.compile(
    r"(?i:\b((?:first|second|third|last|final)\s+(?:day|week|month|shift)|\w+\s+(?:months|years)"
    r"|(?:i|we)\s+(?:work|worked|am|was)|(?:head|lead)\s+of\s+[a-z]+)\s+by\s+)" + NAME
)
# Words before a tool that say the writer works with it: "in VS Code", "we're on Shortcut",
# "doing Headspace", "track everything in Notion" (within a few words of the tool).
USE_CUE = re.compile(
    r"(?i:\b(?:us(?:e|es|ed|ing)|in|into|on|with|via|through|doing|do|run(?:s|ning)?|track\w*|write|writing|"
    r"installed|bought|subscribed|signed\s+up\s+for)\b)"
)
# The cues that say a tool is in use without a tool the lists know: "into Clockify", "via Frame.io".
# A use denied to everyone, said just before the tool: "nobody uses InterpretBank here", "no one
# opens Jira any more" (where the writer works now: no tool of theirs).
NOBODY_USES = re.compile(r"(?i:\b(?:nobody|no\s+one|none\s+of\s+us)\s+(?:\w+\s+)?$)")
# Where all the work is kept, said just before the tool: "everything is in Interpreters' Help",
# "it all lives on Notion".
ALL_KEPT_IN = re.compile(r"(?i:\b(?:everything|it\s+all|all\s+of\s+it)\s+(?:is|lives|goes|sits)\s+(?:in|on)\s+$)")
SUBJECTLESS_CUE = re.compile(r"(?i:\b(?:into|via|through|using|use|uses)\b)")
# Words that make naming a tool a trial or a comparison, not using it.
TRYING = re.compile(
    r"(?i:\b(?:tr(?:y|ied|ying)|test(?:ed|ing)?|consider(?:ed|ing)?|looking at|instead of|vs\.?|versus|compar\w*|"
    r"evaluat\w*|demo(?:ed)?|recommend\w*)\b)"
)
# Whose detail it is: "Ama's birthday", "Priscilla's email", "Rachel's address".
POSSESSIVE_DETAIL = re.compile(
    PERSON_NAME + r"['’]s\s+(?:new\s+|old\s+|work\s+|private\s+|home\s+)?(?i:birthday|bday|e-?mail|phone|"
    r"number|mobile|cell|landline|address)\b"
)
# One of a firm's places, named by where it is before it: "the Jimma branch of Abay Bank", "the
# Leeds office of Arup".
BRANCH_OF = rf"(?i:(?:{alternation(lexicon.BRANCH_WORDS)})\s+of\s+(?:the\s+)?)"
# "started at Acme", "joined Halcyon", "works part-time for the council", "is leaving for a job at
# Mayo Clinic", "got the job at the Dowse" (applying or interviewing for one says nothing).
WORKS_AT = re.compile(
    r"(?i:\b(?:(?:works?|working|start(?:s|ed|ing)?|joined)\s+(?:(?:full|part)[- ]time\s+)?"
    r"(?:on\s+\w+\s+\w+\s+)?(?:at|for|with)?"
    # "Resumed at Shopa today": a first day as West African English says it.
    r"(?:\s+the)?|resum(?:e|es|ed|ing)\s+(?:work\s+)?at(?:\s+the)?"
    r"|(?:start(?:ed|ing)?|took|accepted|got|landed|(?:leav(?:e|es|ing)|left)\s+for)\s+"
    r"(?:a|an|my|the)\s+(?:new\s+)?(?:job|position|role|post)\s+(?:at|with)(?:\s+the)?)"
    # The kind of place first, its name after a comma: "a job at a podcast studio, Northern Echo".
    r"(?:(?<=\bat)\s+an?\s+(?:[a-z-]+\s+){0,3}?[a-z-]+,)?\s*"
    # Which of the firm's places first: "starts at the Jimma branch of Abay Bank".
    r"(?:(?-i:[A-Z][\w'’-]*)(?:\s+(?-i:[A-Z][\w'’-]*))?\s+" + BRANCH_OF + r")?)" + NAME
)
# The "with" before the name WORKS_AT found: a person after it is one the writer works beside.
WITH_BEFORE = re.compile(r"(?i:\bwith\s+(?:the\s+)?)$")
# "Sneha works in Medhavi Hospitals HR", "I work in Wipro": a workplace only where the note names
# an organisation there ("works in Berlin", "works in Figma" say where and with what).
WORKS_IN = re.compile(r"(?i:\b(?:works?|working|worked)\s+in\s+(?:the\s+)?)" + NAME)
# The last day a notice given in the note runs to, told in a sentence of its own: "Last day is 24
# April", "last shift 6 June".
LAST_DAY_IS = re.compile(
    r"(?i:^\W*(?:my\s+)?(?:last|final)\s+(?:day|shift|working\s+day)\b(?:\s+(?:is|will\s+be))?[\s:=]*)"
)
# A spell that starts the writer's time at a workplace: "First day at Kudipay", "two weeks at
# Northgate", "day one at RET".
START_SPELL = re.compile(
    r"(?i:\b(?:first\s+(?:real\s+|full\s+|proper\s+)?(?:day|week|shift|month)|day\s+(?:one|two|three|[1-3])"
    r"|(?:two|three|four|[2-4])\s+weeks)\s+(?:at|with|in)\s+)"
)
# A name the writer is set to learn, trained on or set up in: "sat me with Nan to learn TrakCare",
# "trained me on Opera", "set us up in Kundelik" (read in a note of their first days at a job).
LEARNT_NAME = re.compile(
    r"(?i:\b(?:learn(?:s|t|ed|ing)?|train(?:s|ed|ing)?\s+(?:me\s+|us\s+)?on|set(?:ting)?\s+(?:me|us)\s+up\s+(?:on|in))"
    r"\s+(?:the\s+)?)" + NAME
)
# A tool held for a spell, said beside the one learnt at a new job: "after eight years of HOSxP
# every screen is in the wrong place", "six years on Finacle".
YEARS_ON_TOOL = re.compile(r"(?i:\b(?:\w+\s+)?(?:years|months)\s+(?:of|on)\s+)" + NAME)
# A spell that ends the writer's time at a workplace: "Last day at Suandok", "last week with Kibo".
END_SPELL = re.compile(r"(?i:\blast\s+(?:day|week|shift|month)\s+(?:at|with|in)\s+)")
# A workplace held before: "who used to be at Fawry", "I used to work for Deloitte".
FORMER_WORK = re.compile(r"(?i:\bused\s+to\s+(be|work)\s+(?:at|for|with)\s+(?:the\s+|an?\s+)?)" + NAME)
# Someone's job at a firm: "is a nurse at St James's Hospital", "as the new CFO for Kudipay", "she's
# the new GM at …"; said
# of a name set off by a comma ("Tom Reyes, a nurse at St James's") or as news ("is now head of
# partnerships at Kudipay") only when a word of it names one who does a job (AGENT_NOUN).
ROLE_AT = re.compile(
    r"(?:(?:\b(?:is|as)|(?:(?<=\b[Ss]he)|(?<=\b[Hh]e))['’]s)\s+(?:now\s+)?(?:a|an|the)\s+|(?P<loose>\bis\s+now\s+|(?<=[a-zà-ÿ]),\s+(?:a|an|the)\s+))"
    # A role may be an acronym: "She's the new GM at Kōloa Bay Resort".
    r"([a-z][a-z -]{2,30}?|(?:[a-z]+\s+){0,2}[A-Z]{2,4})\s+(?:at|for)\s+" + NAME
)
AGENT_NOUN = re.compile(r"(?i:\b(?:[a-z-]{2,}(?:er|or|ist|ian|ant|ent)|nurse|chef|head|lead|clerk|coach|medic)\b)")
FIRST_PERSON = re.compile(r"\b(i|i'm|i've|i'd|i'll|me|my|mine|we|our|us)\b", re.I)
PRONOUN_THIRD = re.compile(r"\b(she|he|her|his|him|they|their)\b", re.I)
# Someone else as a clause's subject: she, he or they (not "their", which only says whose).
THIRD_SUBJECT = re.compile(r"(?i:\b(?:she|he|they)\b)")
# Someone spoken of as she or he ("my partner" may then be the one person the note names).
SHE_OR_HE = re.compile(r"(?i:\b(?:she|he|her|him|his)\b)")
# Words for people, and the particles of phrasal verbs: never a tool a sentence picks or moves to
# ("Chiara picked me up", "picked up a Honda Jazz").
PERSONAL_PRONOUNS = lexicon.words("i me my you your he him his she her we us our they them their")
PARTICLES = lexicon.words("up out off down over back away")
NOT_NAMES = lexicon.words(
    """
    is was and the a an to for from with at in on of it this that who which when where has have had
    will would can could should may might be been being are were do does did not no yes here there
    now today also too again still just really soon then
    """
)
# Words without which a sentence states no date: the temporal grammar is only run when one is there.
# The short weekdays that are English words too ("sat", "wed"), written with their capital as a
# note writes a day ("birthday Sat").
CAPITAL_SHORT_WEEKDAYS = rf"\b(?:{'|'.join(sorted(day.capitalize() for day in WEEKDAY_SHORT_WORDS))})\b"
DATE_HINT = re.compile(
    r"\d|\b(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\b|\b(?:mon|tue|wed|thu|fri|sat|sun)[a-z]*day\b|\b(?:tues?|weds|thur?s?|fri)\b"
    r"|\b(?:today|tonight|yesterday|tomorrow|week|weekend|month|year|ago|last|next|morning|evening|night|"
    r"christmas|easter|spring|summer|autumn|fall|winter|noon|midnight)\b"
    rf"|(?-i:{CAPITAL_SHORT_WEEKDAYS})",
    re.I,
)
