"""Word lists the built-in extractor matches: technologies, products, standards, relations, cues.

Plain data, lower case. Kept here so the rules in the extractor read as rules, and so a word can be
added without touching code.
"""

from __future__ import annotations

from collections.abc import Collection
from functools import lru_cache

from remen.core.knowledge import Aspect, EntityType
from remen.core.text import fold


def words(text: str) -> frozenset[str]:
    """The whitespace-separated words of ``text``."""
    return frozenset(text.split())


def names(text: str) -> frozenset[str]:
    """The comma-separated names of ``text``, each of one word or several ("vs code, zed")."""
    return frozenset(name.strip() for name in text.split(",") if name.strip())


TECHNOLOGIES = words(
    """
    python javascript typescript rust go golang java kotlin swift ruby php perl elixir erlang
    haskell scala clojure lua bash zsh fish c c++ c# f# r julia dart sql sqlite postgres postgresql
    mysql mariadb redis mongodb cassandra elasticsearch kafka rabbitmq nginx apache docker podman
    kubernetes k8s terraform ansible helm git github gitlab bitbucket mercurial npm pnpm yarn bun
    deno node nodejs node.js webpack vite esbuild rollup babel react vue svelte angular solid
    next.js nextjs nuxt remix django flask fastapi rails sinatra laravel spring express htmx
    tailwind bootstrap jquery graphql grpc rest websocket websockets vim neovim nvim emacs vscode
    tmux ssh curl wget jq sed awk grep ripgrep fzf homebrew brew apt nix pip pipx poetry uv conda
    virtualenv pytest jest mocha cypress playwright selenium numpy pandas pytorch tensorflow jax
    scikit-learn sklearn spacy onnx llama.cpp ollama textual linux macos windows ubuntu debian
    fedora arch nixos freebsd aws gcp azure heroku vercel netlify cloudflare supabase firebase s3
    lambda ec2 postgis duckdb clickhouse snowflake bigquery airflow dbt spark hadoop prometheus
    grafana sentry datadog elm ocaml zig nim crystal cobol fortran matlab latex markdown html css
    sass less json yaml toml xml csv protobuf wasm webassembly
    """
)

PRODUCTS = words(
    """
    iphone ipad macbook imac kindle pixel android ios airpods thinkpad obsidian notion evernote roam
    logseq slack discord zoom teams figma jira trello asana linear confluence dropbox onedrive
    spotify netflix chrome firefox safari edge excel word powerpoint keynote gmail outlook whatsapp
    signal telegram chatgpt claude copilot 1password bitwarden todoist things raycast alfred
    alacritty iterm2 kitty wezterm playstation xbox switch steam garmin fitbit strava peloton tesla
    prius
    """
)

STANDARDS = words(
    """
    http https http/2 http/3 tcp udp ip ipv4 ipv6 dns tls ssl oauth oauth2 openid saml jwt utf-8
    utf8 ascii unicode iso iso-8601 rfc gdpr hipaa pci-dss soc2 posix semver cors csp smtp imap pop3
    ftp sftp ssh-keygen webdav ldap kerberos cron crontab regex pep8 pep-8 wcag a11y i18n
    """
)

# Names of the lists above that are everyday nouns too: written in lower case after "the", "a",
# "my", … they are the noun ("the fish from Peixaria Costa", "a switch", "the edge of town").
EVERYDAY_NOUNS = words(
    """
    fish rust swift ruby dart node spring express solid remix elm crystal arch lambda spark rest
    apache brew word edge switch steam signal teams linear zoom keynote kitty pixel things less flask
    """
)
# Seasons, which a word of the tool lists may be ("in spring"): the season after these words.
SEASON_WORDS = frozenset({"spring", "summer", "autumn", "fall", "winter"})
SEASON_BEFORE = frozenset({"in", "this", "next", "last", "every", "by", "until", "since", "early", "late"})
# The words after "spring" in the names of the Java framework's projects ("spring boot"): the
# framework, not the season before a noun ("spring price list", "spring term").
SPRING_PROJECTS = words("boot security batch data cloud mvc framework integration webflux")

# Car makes, as notes write them: a note naming one is about a car ("a used Subaru Outback").
# Makes that are everyday words or places too (Seat, Mini, Smart, Genesis, Lincoln) are left out.
CAR_MAKES = words(
    """
    Toyota Honda Ford Subaru Mazda Nissan Volkswagen VW BMW Mercedes Mercedes-Benz Audi Kia Hyundai
    Tesla Volvo Peugeot Renault Fiat Skoda Škoda Opel Vauxhall Chevrolet Chevy Buick Jeep Chrysler
    GMC Cadillac Lexus Mitsubishi Suzuki Citroën Citroen Dacia Porsche Saab Isuzu Daihatsu Perodua
    Mahindra Maruti BYD Geely Holden Lada Polestar Rivian Infiniti Acura Cupra
    """
)

# Car models common enough to name a car without its make ("Sold the Civic", "Bought the RAV4").
# Models that are everyday words, places, animals or other tools too (Golf, Focus, Jazz, Polo,
# Leaf, Swift, Mustang, Rio) are left out: a note says it is about a car some other way.
CAR_MODELS = words(
    """
    Civic Corolla Camry RAV4 Prius Yaris Aygo Hilux Hiace Probox Vitz Auris CR-V HR-V Outback
    Forester Impreza Qashqai Micra Juke Corsa Astra Clio Megane Mégane Twingo Fiesta Mondeo Kuga
    Octavia Fabia Tucson Sportage Elantra i10 i20 i30 Picanto Demio Mazda3 CX-5 CX-30 LeSabre
    Silverado Tacoma Tundra Wrangler Sorento Kona Ioniq Punto Passat Tiguan Touran Jetta Lancer
    Outlander Pajero Navara Yeti Kodiaq Sandero Duster Berlingo Xsara Zafira Vectra Myvi Axia Bezza
    """
)
CAR_MODEL_KEYS = frozenset(model.lower() for model in CAR_MODELS)

# Well-known tools by what they are for, each kind under the words a question asks for it with
# ("which editor do I use", "what password manager did I use before"): a note seldom says "my
# editor, Neovim", so which of the writer's tools answers takes knowing what each is.
TOOL_KINDS: dict[frozenset[str], frozenset[str]] = {
    words("editor editors ide"): names(
        """
        vim, neovim, nvim, emacs, vs code, vscode, visual studio code, visual studio, zed,
        sublime text, sublime, atom, pycharm, intellij, intellij idea, webstorm, goland, rider,
        xcode, android studio, notepad++, nano, helix, cursor, eclipse, netbeans, bbedit,
        textmate, kate, rstudio, phpstorm, clion
        """
    ),
    words("password passwords"): names(
        """
        1password, bitwarden, lastpass, dashlane, keeper, proton pass, keepass, keepassxc,
        nordpass, enpass, roboform, icloud keychain
        """
    ),
    words("notes note note-taking"): names(
        """
        obsidian, notion, evernote, onenote, logseq, roam, roam research, bear, apple notes,
        google keep, keep, joplin, simplenote, standard notes, craft, notability, goodnotes,
        upnote
        """
    ),
    words("tasks task todo to-do tracker tickets issues track plan planning"): names(
        """
        jira, linear, asana, trello, shortcut, clickup, monday, monday.com, basecamp, todoist,
        things, ticktick, microsoft to do, omnifocus, youtrack, github issues, wrike, notion,
        airtable
        """
    ),
    words("navigation maps map satnav"): names(
        """
        google maps, waze, apple maps, citymapper, here wego, maps.me, osmand, tomtom
        """
    ),
    words("design designs mockups prototypes colours colors drawing"): names(
        """
        figma, sketch, adobe xd, photoshop, illustrator, affinity designer, affinity photo,
        canva, procreate, indesign, penpot, framer, invision, krita, gimp
        """
    ),
    words("calendar shifts schedule diary"): names(
        """
        google calendar, outlook, apple calendar, fantastical, proton calendar, calendar,
        paper diary
        """
    ),
    words("email mail inbox"): names(
        """
        gmail, outlook, superhuman, proton mail, protonmail, thunderbird, apple mail, spark,
        hey, fastmail, yahoo mail
        """
    ),
    words("browser"): names(
        """
        chrome, firefox, safari, edge, brave, arc, opera, vivaldi
        """
    ),
    words("os operating distro linux laptop"): names(
        """
        windows, macos, linux, ubuntu, fedora, debian, arch, arch linux, linux mint, mint,
        pop!_os, chromeos, manjaro, nixos, opensuse
        """
    ),
    words("messaging messenger chat"): names(
        """
        slack, teams, microsoft teams, discord, whatsapp, signal, telegram, mattermost, zulip,
        google chat
        """
    ),
    words("invoices invoicing accounting bookkeeping books accounts"): names(
        """
        quickbooks, xero, freee, freeagent, sage, wave, zoho books, holded, excel
        """
    ),
    words("spreadsheet spreadsheets"): names(
        """
        excel, google sheets, sheets, numbers, libreoffice calc
        """
    ),
    words("music streaming"): names(
        """
        spotify, apple music, tidal, deezer, youtube music
        """
    ),
    words("vpn"): names(
        """
        nordvpn, protonvpn, mullvad, expressvpn, surfshark
        """
    ),
    words("storage backup backups cloud"): names(
        """
        dropbox, google drive, onedrive, icloud, box, pcloud, backblaze
        """
    ),
    words("terminal"): names(
        """
        iterm2, iterm, alacritty, kitty, wezterm, warp, ghostty
        """
    ),
    words("bi dashboards dashboard reporting"): names(
        """
        tableau, power bi, looker, metabase, superset, qlik
        """
    ),
}


def of_another_kind(tool: str, kind: frozenset[str]) -> bool:
    """Whether a tool (lower case) is known to be of another kind than the tools ``kind`` holds (a
    password manager when an editor is asked for), or is a car; False when no kind is asked."""
    if not kind or tool in kind:
        return False
    return tool in CAR_MODEL_KEYS or any(tool in tools for tools in TOOL_KINDS.values())


# Kinds of tool a person keeps one of at a time: taking up another ends the one before, which a
# note seldom says outright ("Everyone here writes notes in Obsidian, so I moved my clippings over").
# Task trackers, calendars, mail, chat, storage and spreadsheets are not among them: people keep
# one for work and one of their own.
ONE_AT_A_TIME = (
    words("password passwords"),
    words("notes note note-taking"),
    words("editor editors ide"),
    words("music streaming"),
    words("vpn"),
    words("browser"),
    words("navigation maps map satnav"),
    words("terminal"),
    words("bi dashboards dashboard reporting"),
)


@lru_cache(maxsize=4096)
def one_at_a_time_kind(tool: str) -> str | None:
    """The kind of a well-known tool (lower case) when every kind it is of is one people keep one
    of at a time (Notion is a task tracker too: None), else None. Remembered: every write of a note
    recomputes the chains it adds to, each tool of a long "I use" chain again."""
    kinds = [asked for asked, tools in TOOL_KINDS.items() if tool in tools]
    return min(kinds[0]) if kinds and all(kind in ONE_AT_A_TIME for kind in kinds) else None


def tool_kind(words_asked: Collection[str]) -> frozenset[str]:
    """The tools of every kind the question's (folded) words ask for; empty when they ask for none."""
    return frozenset().union(*(tools for asked, tools in TOOL_KINDS.items() if not asked.isdisjoint(words_asked)))


# The type of a word found in one of the lists above.
LEXICON_TYPES: dict[str, EntityType] = {
    # The tool kinds' names of several words are tools whatever their words ("Apple Music", "Google
    # Keep", "Capture One"); one word may be anyone's ("Kate", "Keep", "Joplin").
    **{name: EntityType.TECHNOLOGY for kind in TOOL_KINDS.values() for name in kind if " " in name},
    **{word: EntityType.TECHNOLOGY for word in TECHNOLOGIES},
    **{word: EntityType.PRODUCT for word in PRODUCTS},
    **{word: EntityType.STANDARD for word in STANDARDS},
}

# Past verbs of arranging what is still to come: "Flight booked: TP1351 on 14 Nov", "part 3 exam
# booked 30 Sept" tell of a day ahead.
ARRANGED_VERBS = frozenset(
    {"booked", "scheduled", "rescheduled", "arranged", "planned", "confirmed", "reserved", "postponed", "ordered"}
)

# "our head of music", "my head of department": whoever heads the writer's part of a workplace.
HEAD_OF = "head of "
# The head of a trade's staff, the manager of those in it: "head nurse", "head chef", "head barista".
HEAD = "head "

# Feasts and festivals of the world by the names notes call them, beside the holidays the search
# calendar dates ("Eid shopping", "Naadam in Khui Doloon Khudag", "Tet at my parents'"): a time,
# never someone, some place or a firm.
FESTIVALS = frozenset(
    {
        *("eid", "ramadan", "ramazan", "diwali", "deepavali", "holi", "navratri", "dussehra", "pongal", "onam"),
        *("vesak", "songkran", "tet", "chuseok", "seollal", "obon", "naadam", "nowruz", "norooz", "hanukkah"),
        *("chanukah", "passover", "pesach", "purim", "kwanzaa", "hogmanay", "midsommar", "juhannus", "carnaval"),
        *("durga puja", "pohela boishakh", "lunar new year", "chinese new year", "yom kippur", "rosh hashanah"),
        *("mardi gras", "raksha bandhan", "bayram", "kurban bayramı", "ramazan bayramı", "şeker bayramı"),
        *("hari raya", "lebaran", "mawlid", "ashura", "vaisakhi", "baisakhi", "thaipusam", "losar", "tsagaan sar"),
        *("nyepi", "galungan", "ganesh chaturthi", "janmashtami", "karva chauth", "bihu", "ugadi", "lohri"),
        *("makar sankranti", "matariki", "eid al-adha", "eid al-fitr", "eid ul-adha", "eid ul-fitr"),
    }
)

# Verbs that bring in someone's own words or wishes: "My mother thinks I should find a job on the
# ground" speaks of someone other than the one named just before.
SAYING_VERBS = frozenset(
    {"thinks", "thought", "says", "said", "told", "tells", "wants", "wanted", "asked", "asks", "called", "calls"}
    | {"texted", "texts", "reckons", "believes", "keeps", "insists", "worries"}
)

# Relations of people to the user or to each other: "my wife Julia", "Leo's teacher".
KINSHIP = words(
    """
    wife husband partner girlfriend boyfriend fiancee fiance fiancée fiancé spouse mother mom mum father dad sister
    brother son daughter grandmother grandma grandfather grandpa aunt uncle cousin niece nephew
    stepmother stepfather stepson stepdaughter mother-in-law father-in-law sister-in-law
    brother-in-law godmother godfather baby kid child sambo samboer
    """
)
ROLES = words(
    """
    friend manager boss colleague coworker co-worker teammate mentor mentee teacher tutor coach
    doctor gp dentist therapist physio physiotherapist lawyer accountant landlord landlady neighbor
    neighbour roommate flatmate housemate client customer contractor plumber electrician vet
    babysitter nanny trainer professor supervisor advisor report intern lead cto ceo founder
    cofounder co-founder supplier
    """
)
# Several of the user's people at once, in words whose singular no relation list holds ("my
# parents", "my in-laws"); regular plurals of relation words ("my kids") are known by their "s".
PLURAL_KIN = frozenset(
    {"parents", "grandparents", "folks", "in-laws", "inlaws", "children", "siblings", "grandchildren"}
)
# Roles named in more than one word, or in a trade's or a country's own word, with the tie each is
# stored as ("Letting agent from June: Greenway Lettings": the landlord; "Jens, our head chef," and
# "my oga, Engr. Adebayo," the manager).
ROLE_PHRASES = {
    "letting agent": "landlord",
    "letting agents": "landlord",
    "letting agency": "landlord",
    # The landlord in the word of a writer's other language: "proprio Mme Leblanc", "casera Doña Rosa".
    "proprio": "landlord",
    "propriétaire": "landlord",
    "casero": "landlord",
    "casera": "landlord",
    "vermieter": "landlord",
    "vermieterin": "landlord",
    "senhorio": "landlord",
    "senhoria": "landlord",
    "head chef": "manager",
    "line manager": "manager",
    "team leader": "manager",
    "foreman": "manager",
    "forewoman": "manager",
    "oga": "manager",
    "head teacher": "manager",
    "headteacher": "manager",
    "principal": "manager",
    "director": "manager",
    "captain": "manager",
    # "Daniel Okafor is my section chief", "Sylvie Roy (chief interpreter)".
    "chief": "manager",
    # A hotel's, a shop's or a restaurant's head: "Darren Fujimoto, my GM".
    "gm": "manager",
    "general manager": "manager",
    # The doctor one is registered with, as each country says it.
    "family doctor": "doctor",
    "family physician": "doctor",
    "general practitioner": "doctor",
}
RELATIONS = KINSHIP | ROLES | frozenset(ROLE_PHRASES)
# Ties only a person holds: a firm is never someone's boss or friend (it may be their accountant,
# landlord or dentist: "Keane Accountancy", "Greenway Lettings").
PERSON_TIES = (
    KINSHIP
    | words(
        """
        friend manager boss colleague coworker co-worker teammate mentor mentee tutor supervisor
        roommate flatmate housemate neighbour neighbor babysitter nanny intern
        """
    )
    | frozenset(phrase for phrase, role in ROLE_PHRASES.items() if role == "manager")
)
# Words for a feature of the land a place's name ends in: "Rainbow Mountain", "Victoria Island",
# "Small Heath", "Western Springs" (not "park", "green", "hill": surnames too).
PLACE_HEADS = words(
    """
    mountain mountains mount peak peaks island islands isle lake loch river valley beach bay coast
    springs heath forest woods falls canyon glacier gorge cove fjord quays quay heights common
    village district quarter borough township
    """
)
# One of a firm's places, which the name of where it is goes before: "the Jimma branch of Abay
# Bank", "the Leeds office of Arup".
BRANCH_WORDS = words("branch office site campus plant depot store hub clinic")
# The last word of a firm's name that says it is one: a legal form, or the trade or profession it
# is in ("Greenfield Roofing", "Keane Accountancy", "Footscray Dental", "Brum Removals"). Shops,
# cafés and restaurants are left out: the notes speak of them as places as often as firms.
FIRM_HEADS = words(
    """
    ltd limited inc llc llp gmbh ag plc pty bv srl corp
    accountancy accountants accounting solicitors lawyers legal partners associates consulting
    consultancy consultants agency lettings estates removals couriers logistics freight haulage
    roofing plumbing electrical builders construction engineering insurance insurers bank banking
    finance capital ventures labs technologies software systems solutions digital media group
    holdings dental dentistry physio physiotherapy optometrists opticians veterinary vets medical
    healthcare health pharma pharmaceuticals recruitment staffing telecom mobile games studios
    motors foods travel tours press publishing airlines airways energy electric rail
    hotel hotels resort resorts bakery bakehouse pharmacy hospital clinic college academy school
    apparel apparels garments textiles sourcing exports imports trading industries enterprises
    manufacturing winery wines vineyards cooperative co-op kooperatif kooperatifi genossenschaft
    lojistik logistik logística logistique nakliyat telekom telecoms holding sanayi ticaret
    shipping lines ferries maritime marine shipyard shipyards navigation cruises
    """
)
# Words that open a firm's name where a language puts the kind of firm first ("Estudio Lumbre",
# "Grupo Taller Urbano", "Clínica Turia", "Gestoría Ruiz", "Collège Brébeuf", "Autobedrijf Smit",
# "Hotel Iveria Grand", "Ysgol Bryn Tawe": Welsh puts the school first too; courts, ministries and
# town halls: "Cour du Québec", "Ministerio de Salud").
FIRM_OPENERS = words(
    """
    grupo gruppo groupe estudio constructora despacho clínica clinica clínic clinique farmacia farmácia
    pharmacie laboratorio laboratorios laboratório laboratoire gestoría gestoria contabilidade
    contabilidad editorial editora viña vina bodega bodegas domaine
    colegio colégio escuela escola école collège lycée universidad universidade università instituto
    institut hospital hôpital ospedale banco banca cabinet société autobedrijf bouwbedrijf hotel hôtel
    cooperativa coopérative cooperative scuola liceo szkoła liceum
    ysgol coleg prifysgol ysbyty
    cour tribunal tribunale ministère ministerio ministério caisse mairie ayuntamiento prefeitura
    """
)
# The postal codes of the US states, written after a town ("Denver CO", "Austin TX"): the town
# and its state are a place, not a firm's initials.
STATE_CODES = words(
    """
    AL AK AZ AR CA CO CT DE FL GA HI ID IL IN IA KS KY LA ME MD MA MI MN MS MO MT NE NV NH NJ NM NY
    NC ND OH OK OR PA RI SC SD TN TX UT VT VA WA WV WI WY DC
    """
)
# Ties a firm may hold as well as a person: a letting agency is the landlord, a practice the
# accountant or the dentist.
FIRM_ROLES = frozenset({"landlord", "accountant", "lawyer", "dentist", "doctor", "vet", "contractor", "plumber"})
# What one is paid or done for by whom: the role of the one it goes to ("the rent to Quinovic": a
# landlord; "Marta does my taxes": an accountant).
SERVICE_ROLES: dict[str, str] = {
    "rent": "landlord",
    "taxes": "accountant",
    "tax": "accountant",
    "tax return": "accountant",
    "tax returns": "accountant",
    # "does my returns": which returns a person does for you are the tax returns.
    "returns": "accountant",
    "accounts": "accountant",
    "books": "accountant",
    "bookkeeping": "accountant",
}

# A person can hold only one of these at a time: a new one replaces the old.
# The one a person is together with.
PARTNER_WORDS = frozenset(
    {"wife", "husband", "partner", "girlfriend", "boyfriend", "spouse", "fiance", "fiancee", "fiancé", "fiancée"}
)
SINGLE_RELATIONS = frozenset(
    PARTNER_WORDS
    | {"manager", "boss"}
    # the people one sees for a service, one at a time: a new dentist replaces the old one
    | {"dentist", "doctor", "gp", "landlord", "landlady", "accountant", "supervisor", "therapist", "trainer", "physio"}
    # the firm a trade buys its stock from: "switched suppliers" leaves one for another
    | {"supplier"}
)
# ...of which the ones a new holder takes over from an old one: the roles, not the partners.
HELD_ROLES = SINGLE_RELATIONS - PARTNER_WORDS

# Words for many people at once, which a list of who came may hold beside names ("Present: Ama,
# Kofi, the whole team").
GATHERED_WORDS = words("all everyone everybody team staff board management others guests crew whole rest tbd tbc")
# The writer's own recurring sums, which a jot names before the amount ("rent Bronowice 3100 zł").
MONEY_OF_MINE = frozenset(
    {"rent", "salary", "pay", "wage", "wages", "stipend", "savings", "budget", "mortgage", "allowance"}
)
# The words of MONEY_OF_MINE that name what the writer is paid (a trainee's "stipend" too).
PAY_WORDS = frozenset({"salary", "pay", "wage", "wages", "stipend"})
# Sums kept under another word's predicate: a resident's or a PhD student's stipend is their salary.
SUMS_KEPT_AS = {"stipend": "salary"}
# The predicate of a tool in use.
USES = "uses"
# The predicate of where someone works.
WORKS_AT = "works_at"
# The writer's ties that belong to a workplace: a new job leaves them behind.
JOB_TIES = frozenset({"manager"})
# The predicate of "Elaine Reid runs it" (a firm named before): whoever runs the firm the writer
# joins later is their manager there.
RUNS = "runs"
# Readings of a name the object of works_at overrides: one works for a firm, not at a place, a tool
# or a concept (a person one works with keeps their reading).
NOT_A_WORKPLACE_READING = frozenset(
    {EntityType.PLACE, EntityType.TECHNOLOGY, EntityType.PRODUCT, EntityType.STANDARD, EntityType.CONCEPT}
)

# Predicates that hold one value at a time per subject; a different value later invalidates it.
FUNCTIONAL_PREDICATES = frozenset(
    {"birthday", "email", "phone", "address", "lives_in", "works_at", "role", "age", "car"} | SINGLE_RELATIONS
)

# Predicates that are a person's attributes (shown by `remen entity`).
ATTRIBUTE_PREDICATES = frozenset(
    {"birthday", "email", "phone", "address", "lives_in", "works_at", "role", "age", "car"}
)

# Spoken-of-things that make a dated sentence an event.
EVENT_WORDS = words(
    """
    appointment meeting call dinner lunch breakfast party wedding birthday funeral trip flight visit
    visited met meet interview conference talk concert game match dentist doctor checkup check-up
    surgery vacation holiday holidays anniversary graduation launch release deadline demo workshop
    offsite standup retro review ceremony exam date hike run race marathon moved move
    """
)

# Cue phrases per aspect, matched on lower-cased sentence text with word boundaries. Order matters:
# the first aspect whose cue matches wins (a decision that mentions a preference is a decision).
ASPECT_CUES: tuple[tuple[Aspect, tuple[str, ...]], ...] = (
    (
        Aspect.TASK,
        (
            "todo",
            "to do:",
            "- [ ]",
            "need to",
            "needs to",
            "have to",
            "has to",
            "must ",
            "don't forget to",
            "remember to",
            "reminder:",
            "follow up",
            "follow-up",
        ),
    ),
    (
        Aspect.DECISION,
        (
            "decided",
            "decide to",
            "we'll go with",
            "we will go with",
            "going with",
            "went with",
            "chose",
            "choose ",
            "picked ",
            "settled on",
            "switched",
            "switching to",
            "migrated",
            "moving to",
            "moved to",
            "replaced",
            "instead of",
            "from now on",
            "no longer",
            "stopped using",
            "gave up",
        ),
    ),
    (
        Aspect.DIRECTIVE,
        (
            "make sure",
            "rule:",
            "note to self",
            "should always",
            "should never",
            "must always",
            "must never",
        ),
    ),
    (
        Aspect.HABIT,
        (
            "every day",
            "every morning",
            "every evening",
            "every night",
            "every week",
            "every monday",
            "every tuesday",
            "every wednesday",
            "every thursday",
            "every friday",
            "every saturday",
            "every sunday",
            "each morning",
            "each week",
            "daily",
            "weekly",
            "usually",
            "i always",
            "i tend to",
            "most days",
            "routine",
            "twice a week",
            "once a week",
            "on weekends",
        ),
    ),
    (
        Aspect.PREFERENCE,
        (
            "i prefer",
            "prefers",
            "i like",
            "i love",
            "i hate",
            "i dislike",
            "i enjoy",
            "i can't stand",
            "my favorite",
            "my favourite",
            "favorite",
            "favourite",
            "i'd rather",
            "i would rather",
            "likes ",
            "loves ",
            "hates ",
            "allergic",
            "vegetarian",
            "vegan",
        ),
    ),
    (
        Aspect.GOAL,
        (
            "i want to",
            "i'd like to",
            "goal",
            "plan to",
            "planning to",
            "hope to",
            "aim to",
            "by the end of",
            "this year i",
            "resolution",
            "someday",
            "one day i",
            "learn ",
            "i will ",
            "i'm going to",
        ),
    ),
    (
        Aspect.BELIEF,
        (
            "i think",
            "i believe",
            "i feel",
            "in my opinion",
            "imo",
            "i'm convinced",
            "i doubt",
            "probably",
            "seems like",
            "i suspect",
            "overrated",
            "underrated",
        ),
    ),
    (
        Aspect.PROBLEM,
        (
            "bug",
            "error",
            "broken",
            "breaks",
            "fails",
            "failing",
            "failed",
            "crash",
            "issue",
            "problem",
            "doesn't work",
            "does not work",
            "not working",
            "slow",
            "leak",
            "stuck",
            "can't",
            "cannot",
            "timeout",
            "outage",
            "hurts",
            "overheat",
            "takes forever",
            "take forever",
            "too slow",
            "keeps crashing",
            "pain",
            "sick",
        ),
    ),
)

# Imperative openings of a task: "call the plumber", "buy milk" (only at the start of a sentence).
TASK_OPENINGS = words(
    """
    call phone email text buy book schedule pick renew send pay fix clean cancel ask return bring
    prepare sign order collect drop reply remind
    """
)
# Longer imperative sentences are instructions (how to do something), not errands.
TASK_MAX_WORDS = 15

# Openings of a directive, said to oneself: "always back up", "never deploy", "don't push to main".
DIRECTIVE_OPENINGS = ("always ", "never ", "don't ", "do not ", "avoid ", "stop ", "keep ", "prefer ")

# Words that say a sentence denies what it states ("no longer", "not").
NEGATIONS = ("no longer", "not ", "n't ", "never ", "stopped ", "quit ", "gave up")

# Predicates a model may write for what the built-in extractor calls by one name.
PREDICATE_SYNONYMS = {
    "works_for": "works_at",
    "employer": "works_at",
    "employed_at": "works_at",
    "works_in": "works_at",
    "joined": "works_at",
    "lives": "lives_in",
    "lives_at": "lives_in",
    "home": "lives_in",
    "located_in": "lives_in",
    "born_on": "birthday",
    "date_of_birth": "birthday",
    "birth_date": "birthday",
    "born": "birthday",
    "email_address": "email",
    "e_mail": "email",
    "phone_number": "phone",
    "telephone": "phone",
    "mobile": "phone",
    "job": "role",
    "title": "role",
    "job_title": "role",
    "position": "role",
    "is_a": "role",
    "use": "uses",
    "using": "uses",
    "switched_to": "uses",
}

# Titles before a person's name ("Dr. Hill", "Mrs Park", "Dra. Gómez"), and the professions
# Spanish speakers title people by ("Arq. Méndez", "Ing. Rocha", "Lic. Torres", "Mtra. Ruiz").
TITLES = ("mr", "mrs", "ms", "mx", "dr", "dra", "prof", "rev", "arq", "ing", "lic", "mtro", "mtra")
# Vietnamese honorifics before a name: "Anh Khoa", "Chị Lan", "Cô Hạnh", "Chú Tư", "Bà Tám", "Ông Ba".
VIETNAMESE_TITLES = ("anh", "chị", "cô", "chú", "bà", "ông")
# Courtesy titles that say nothing of who the person is to anyone: no part of the name ("Herr Krause"
# is Krause, "Khun Kittipong" is Kittipong, in Thai English, "anh Khoa" and "cô Hạnh" Khoa and Hạnh
# in Vietnamese English, folded as names are; "Si Abdelkader", "Hajj Driss", "Lalla Amina" in
# Moroccan; "Encik Razak" in Malaysian).
# Greek courtesy titles, written in lower case too ("kyria Sofia").
GREEK_COURTESY_TITLES = ("kyria", "kyrie", "kyrios")
COURTESY_TITLES = (
    *("herr", "frau", "mme", "mlle", "sra", "srta", "khun", *(fold(t) for t in VIETNAMESE_TITLES)),
    *("si", "hajj", "haj", "hajja", "lalla"),
    # Malay: "Encik Razak", "Puan Aminah", "Cik Nurul", "Datuk Lee".
    *("encik", "puan", "cik", "datuk", "dato"),
    # Greek: "kyria Sofia", "Kyrios Pappas".
    *GREEK_COURTESY_TITLES,
    "kyr",
)
# Greek kin called so before a name ("yiayia Katina", "theia Eleni").
GREEK_KIN_TITLES = ("yiayia", "giagia", "pappou", "papou", "papous", "theia", "thia", "theios", "thios")
# Honorifics written in lower case before a capitalised name, as Vietnamese, Indonesian and
# Filipino English do ("anh Khoa", "cô Hạnh", "bu Ratna") and kin called so ("uncle Ben").
LOWER_CASE_TITLES = (
    *(*VIETNAMESE_TITLES, "bu", "ibu", "pak", "mbak", "uncle", "aunt", "auntie", "aunty"),
    *(*GREEK_COURTESY_TITLES, *GREEK_KIN_TITLES),
)
# The lower-case particles a surname may open with after a title: "Dr. de Vries", "Mr. van der Berg".
SURNAME_PARTICLES = words("de van von der den da di du le la del dos ter ten")
# Honorifics that make the capitalised word after them a person's name in notes in several
# languages and trades ("Herr Vogt", "Dona Fátima", "Sister Okafor" on a ward, "Coach Mike", "Father
# Tom" of a parish, "Captain Reyes" of a fire station).
# Kin spoken of as a title is one too ("Uncle Boon", "Aunty Grace", "Grandma Rose").
HONORIFICS = (
    *TITLES,
    *COURTESY_TITLES,
    # "M. Faure": a French monsieur (with its stop, as a title the sentence splitter knows).
    *("m", "sr", "dona", "don", "sister", "coach", "auntie", "eng"),
    "engr",
    *("father", "fr", "pastor", "rabbi", "imam"),
    *("captain", "capt", "sergeant", "sgt", "lieutenant", "lt", "detective", "constable", "officer"),
    *("pan", "pani", "hr", "fru", "frk", "dhr", "mevr", "sig"),
    *("uncle", "aunt", "aunty", "grandma", "grandpa", "granny", "cousin"),
    # Kin as a title in the languages notes mix in: "Tío Jorge", "Tita Baby", "Nonna Rosa", "Oma Liesel".
    *("tío", "tía", "tio", "tia", "tito", "tita", "abuela", "abuelo", "nonna", "nonno", "oma", "opa", "doña"),
    *GREEK_KIN_TITLES,
    # Indonesian and Malay: "Bu Ratna", "Pak Hendra", "Mbak Sari".
    *("bu", "ibu", "pak", "bapak", "mbak"),
    *VIETNAMESE_TITLES,
)
# Honorifics written after a name with a hyphen, as Japanese and Hindi speakers do in any language
# ("Nakamura-san", "Sharma-ji"): the name is a person's, and the same person as the bare name.
HONORIFIC_SUFFIXES = ("san", "sama", "kun", "chan", "sensei", "senpai", "ji")
# Honorifics written after a name with a space, as Indian English does ("Ramesh sir", "Anjali
# madam", "Sharma ji"), Nepali English does ("Rajesh dai", "Anita didi") and Central Asian and
# Turkish speakers do ("Gulnara apa", "Murat bey"): the person is the bare name, and one the
# writer looks up to.
HONORIFICS_AFTER = (
    *("sir", "madam", "ma'am", "maam", "ji", "sahab", "saab", "garu", "dai", "didi", "bhai", "uncle", "aunty"),
    *("auntie", "apa", "aga", "apai", "eje", "bey", "hanım", "abla", "abi", "amca", "teyze", "hoca", "hocam"),
)
# What lives in software rather than in a town: "everything lives in Veson", "our docs live in
# Confluence".
THINGS_KEPT = words(
    "everything all data stuff files docs documents records notes tickets orders clients appointments bookings"
    " shifts receipts invoices expenses"
)
# Words that open a note as its label ("Edit: I was wrong") though the name lists hold them as
# first names too: no one speaking.
LABELS_NAMED_AS_PEOPLE = frozenset(
    ("edit", "dev", "owner", "song", "win", "low", "miles", "love", "hope", "honey", "king", "mood", "ps")
)
# Shorthand of notes and texts, and the word each stands for. The tagger is told (as the token's
# norm, which its model reads) so "movers booked w/ Cullen Removals" has a preposition before the
# firm, not a proper noun glued to it; the text and every offset stay as typed.
NOTE_SHORTHAND = {
    "w/": "with",
    "W/": "with",
    "w/o": "without",
    "b/c": "because",
    "tmrw": "tomorrow",
    "tmr": "tomorrow",
    "u": "you",
    "ur": "your",
    "pls": "please",
    "plz": "please",
    "thx": "thanks",
    "abt": "about",
    "ppl": "people",
    "wk": "week",
    "wks": "weeks",
    "yr": "year",
    "yrs": "years",
    "hr": "hour",
    "hrs": "hours",
    "mins": "minutes",
    "appt": "appointment",
    "mtg": "meeting",
}
# What people call their parents and grandparents in many languages, written as a name: "Appa
# birthday is on 3rd Sept", "Called Ammi and Abba", "Mamma says hi" (each one person of the notes).
PARENT_ADDRESSES = words(
    """
    amma appa ammi abba abbu ammu achan acha mummy mommy daddy mama papa maman mamma pappa mamá papá
    mãe mutti vati mami papi baba maa nana nani dada dadi oma opa abuela abuelo nonna nonno babcia
    dziadek yiayia lola lolo
    """
)
# Things one keeps in an app or a service: moved to a name, they make it one ("moved all my notes to
# Joplin", though Joplin is a town too; "moved my stuff to Lekki" is a move).
DIGITAL_THINGS = words(
    """
    notes files photos pictures docs documents passwords tasks todos contacts emails mail data music
    playlists bookmarks recipes savings transfers money accounts payments books podcasts clippings
    projects code repos backups calendar journal plans
    """
)
# Abbreviations written with a full stop that never end a sentence by themselves: the titles, and
# the common short forms of notes ("approx. 3 km", "Dept. of Health", "St. Mary's").
ABBREVIATIONS = (
    *TITLES,
    *("sr", "sra", "srta", "jr", "st", "mt", "capt", "col", "gen", "lt", "sgt", "approx", "dept", "est", "etc", "vs"),
    *("no", "nr", "tel", "fig", "ca", "cf", "inc", "ltd", "co"),
    # Street words shortened before the name, as French, Spanish and US addresses write them.
    *("boul", "blvd", "av", "ave"),
)

# Relation words that may name the same tie, broader term → narrower ones: "my partner" is whoever
# "my wife" is, "my kid" a son or a daughter, "my boss" my manager. A narrow word never stands for
# a sibling ("my son" is not "my daughter").
NARROWER_RELATIONS: dict[str, frozenset[str]] = {
    "partner": frozenset(
        {"wife", "husband", "spouse", "girlfriend", "boyfriend", "fiance", "fiancee", "fiancé", "fiancée"}
    ),
    "spouse": frozenset({"wife", "husband"}),
    "manager": frozenset({"boss", "supervisor", "lead"}),
    "child": frozenset({"son", "daughter", "kid", "baby"}),
    "kid": frozenset({"son", "daughter", "child", "baby"}),
    "mother": frozenset({"mom", "mum"}),
    "father": frozenset({"dad"}),
}


# Words for the very same tie, stored under one predicate so that one chain holds its history
# ("my boss is Marco", later "I report to Yuki": Yuki replaced Marco).
SAME_TIE = {
    **ROLE_PHRASES,
    "boss": "manager",
    "gp": "doctor",
    "supervisor": "manager",
    "lead": "manager",
    "landlady": "landlord",
    "mom": "mother",
    "mum": "mother",
    "dad": "father",
    # The French spelling, with its accent, is as English as the bare one.
    "fiancé": "fiance",
    "fiancée": "fiancee",
    # The partner one lives with unmarried, as Swedes and Norwegians say it in English too.
    "sambo": "partner",
    "samboer": "partner",
    # One who shares the writer's home, whatever the country calls them.
    "flatmate": "roommate",
    "housemate": "roommate",
    "neighbor": "neighbour",
}


def canonical_relation(relation: str) -> str:
    """The predicate a relation word is stored under ("boss" → "manager", "head of music" and "head
    nurse" → "manager")."""
    if relation.startswith(HEAD_OF) or (relation.startswith(HEAD) and len(relation.split()) == 2):
        return "manager"
    return SAME_TIE.get(relation, relation)


# The relation words that name the writer's manager ("boss", "supervisor", "head chef", "foreman").
BOSS_WORDS = frozenset(word for word in RELATIONS if canonical_relation(word) == "manager")


def ties_of(relation: str) -> list[str]:
    """The relation words that may name the tie ``relation`` names, itself first, then narrower
    ones, then broader ones ("wife" → wife, partner, spouse)."""
    relation = canonical_relation(relation)
    narrower = sorted(NARROWER_RELATIONS.get(relation, ()))
    broader = sorted(word for word, below in NARROWER_RELATIONS.items() if relation in below)
    return list(dict.fromkeys([relation, *narrower, *broader]))


# The predicate of "X left (the company)": not stored, the writer turns it into the end of X's
# current relations to the user and of X's job.
ENDS_TIES = "ends_ties"
# The predicate of "Frau Demir is Herr Vogt's successor", "Duarte takes over from Rita": not stored,
# the writer gives the subject the object's current relations to the user, and ends the object's.
TAKES_OVER = "takes_over"
# The predicate of "Chiara and I broke up": not stored, the writer ends Chiara's current tie to the
# user as a partner (whichever partner word holds it), nothing else of hers.
ENDS_PARTNER = "ends_partner"
# Predicates that tell the graph writer what to do rather than state a fact.
GRAPH_OPERATIONS = frozenset({ENDS_TIES, TAKES_OVER, ENDS_PARTNER})
