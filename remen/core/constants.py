"""Every tunable number of Remen in one place, with the reason it has its value."""

from __future__ import annotations

from datetime import timedelta

# --- Embedding -----------------------------------------------------------------------------
EMBED_DIM = 384
MODEL_NAMESPACE = "minilm"
# Tokens per chunk: the model was trained on 256-token inputs; longer text is truncated by it.
CHUNK_TOKENS = 256
# Overlap so a sentence cut by a chunk border is still whole in one of the two chunks.
CHUNK_OVERLAP = 32
# A 10 MB note must not take minutes to embed: only its first chunks get vectors (FTS has it all).
MAX_CHUNKS_PER_NOTE = 16
# Characters handed to the tokenizer at most (16 chunks x 256 tokens x ~4 chars, with slack).
MAX_EMBED_CHARS = 24_000
# Short texts (sentences, names, labels) are embedded from their first this many characters.
SHORT_TEXT_CHARS = 2000
# Vectors of short texts each run alone that a reader keeps (~1.5 KB each; see AloneVectors).
ALONE_VECTORS_REMEMBERED = 8192
EMBED_BATCH = 32
# Notes embedded per step of a bulk run: big enough to batch chunks of similar length, small
# enough that Ctrl-C loses only seconds of work.
EMBED_NOTES_PER_STEP = 200
# Notes whose vectors are written per transaction: keeps one write holding the lock ~20 ms or less.
EMBED_NOTES_PER_WRITE = 16
# Niceness of background threads (bulk embedding, extraction) where SCHED_IDLE is refused: the
# searches typed meanwhile win.
BACKGROUND_NICENESS = 10

FALLBACK_DIM = 256
FALLBACK_NAMESPACE = "hashed"

# --- Notes ---------------------------------------------------------------------------------
MAX_TITLE_CHARS = 200
# Larger bodies are refused: one SQLite row stays well under its 1 GB limit and the UI stays usable.
MAX_NOTE_BYTES = 50 * 1024 * 1024
# Saves of one note closer together than this are one editing session (autosaves every few
# seconds): one revision keeps the text from before the session, not one per keystroke pause.
REVISION_SESSION_SECONDS = 10 * 60
# Older revisions beyond either bound are dropped, oldest first; the newest is always kept.
MAX_REVISIONS_PER_NOTE = 100
MAX_REVISION_BYTES_PER_NOTE = 20 * 1024 * 1024
# Titles offered while a `[[link` is typed.
LINK_SUGGESTIONS = 6

# --- Store ---------------------------------------------------------------------------------
BUSY_TIMEOUT_MS = 5_000
# Below this much free space on its filesystem, an SQLite "disk I/O error" means the disk is full.
DISK_FULL_BYTES = 1 << 20
CACHE_KIB = 64 * 1024
MMAP_BYTES = 512 * 1024 * 1024
# The WAL is copied into the database file by a thread of its own this long after a write (later
# writes within it share the checkpoint), never by the commit itself: SQLite's automatic checkpoint
# made one save in a few dozen take a quarter of a second on a database of 100k notes.
CHECKPOINT_DELAY_S = 0.5
IMPORT_BATCH = 200
# Long work reports its progress at least this often (a terminal bar redraws twice a second).
PROGRESS_SECONDS = 0.25
# A bar on a terminal is redrawn at least this often, so rate and ETA move between reports.
PROGRESS_TICK_SECONDS = 0.4
# A linked vault: after a file event, wait this long for the rest of a burst (an editor's save, a
# `git pull`) before syncing; without events, a stat scan this often catches what a file watcher
# can miss (a network share, a full inotify table).
VAULT_SETTLE_SECONDS = 0.2
VAULT_SCAN_SECONDS = 30.0
# Reads of a vault file being saved while a sync reads it, before the sync settles for the stat
# taken before its last read (the next sync then reads it once more).
VAULT_READ_ATTEMPTS = 3

# --- Search --------------------------------------------------------------------------------
SEMANTIC_THRESHOLD = 0.25
# Below this similarity the closest notes by meaning are noise for MiniLM: "nothing matched".
# Measured on the corpus: unrelated queries' best notes score 0.23-0.32, so the normal threshold
# (0.25) already admits some noise; no labelled relevant note found by meaning scores under 0.2.
SEMANTIC_FLOOR = 0.2
SEMANTIC_THRESHOLD_FALLBACK = 0.20
RELATED_THRESHOLD = 0.30
RELATED_THRESHOLD_FALLBACK = 0.25
BOTH_BONUS = 0.15
# For a query put as a question, each leg's rank adds RANK_AGREEMENT_WEIGHT / (RANK_AGREEMENT_K +
# rank) to a note's merged score (reciprocal rank fusion's term, the usual k): a question shares
# a rare word or two with the short chat turn that answers it, whose keyword score is then low in
# absolute terms though first in its leg. Chosen on the long chat's dev split
# (scripts/evaluation/long_chat.py): 5 lifts its R@10 from 0.657 to 0.688 overall.
RANK_AGREEMENT_WEIGHT = 5.0
RANK_AGREEMENT_K = 60
# For such a question, the keyword leg's first KEYWORD_FIRSTS_KEPT hits stay on the first page of
# FIRST_PAGE results: its rare words ("Ruby's e-bike" and the turn "I've named her Olive") find
# the turn meaning search ranks under a dozen turns about e-bikes. Long chat dev R@10: single
# 0.653 → 0.667, adversarial 0.300 → 0.400 (multi 0.500 → 0.375, one turn pushed to 12th); the
# TIL questions 0.731 → 0.761 (scripts/eval.py; 3 kept: 0.653 and 0.746, 5 as 4).
KEYWORD_FIRSTS_KEPT = 4
FIRST_PAGE = 10
# A question's time phrase that names a period ("this summer") also admits notes written at any
# time that say the period's name and at least this share of the question's words as words: the
# plan written in spring that tells of the summer. (Ask dev split: card 0.815 → 0.821; every
# category of scripts/eval.py unchanged.)
TOLD_TIME_MIN_COVERAGE = 0.5
RECENCY_MAX_BOOST = 0.10
RECENCY_WINDOW_DAYS = 30.0
DEFAULT_LIMIT = 50
# How many entities or facts a listing holds unless asked for more (`--limit 0`: all).
LISTING_LIMIT = 500
KEYWORD_TITLE_SCORE = 0.4
KEYWORD_BODY_SCORE = 0.1
KEYWORD_BODY_CAP = 0.5
# Notes the keyword leg scores per query at most: every note with all the words, then those with
# the rarest words (fetching and scoring each note costs tens of µs).
KEYWORD_CANDIDATE_CAP = 400
# A word more notes than this hold is not read from the index (~1 µs a note) but checked in the
# candidates' text: at 100k notes a word in most notes would cost ~70 ms to read.
KEYWORD_COMMON_DOCS = 2_000
# A plain word of this many letters or more is looked up at the start of words (the word index's
# prefix query), not anywhere in the text (trigrams: one posting list per three letters, 0.5-1 ms
# each at 10k notes against 0.01-0.3 ms). Inside a longer word such a word is seldom meant
# ("alphabetically", "duration"); a note read for the query's other words still counts it there.
# Shorter words keep substrings: "sql" in "PostgreSQL", "script" in "JavaScript", "board" in
# "dashboard". bench.py search at 10k: keyword leg p95 5.3 -> 4.6 ms; merged nDCG unchanged.
WORD_START_MIN = 8
# Of the candidates, the ones whose words carry the most weight (by the index alone) are read and scored.
KEYWORD_SCORED = 40
# The commonest words of a query are not read from the index either while their weight together
# stays under this share of all its words' (below KEYWORD_MIN_COVERAGE, with a margin): a note
# holding only them could not be a hit, and the candidates' text says whether they are there.
KEYWORD_UNREAD_SHARE = 0.2
# Index lookups of words kept between searches until a note's text changes: typing a query
# searches at every pause, and each search looks up every word typed so far again.
KEYWORD_REMEMBERED_TERMS = 512
# A term found only inside a word ("add" in "padding") counts this much of a word match.
INNER_MATCH_WEIGHT = 0.3
# A keyword hit must hold this share of the query terms' weight as words, or every term (rarer
# terms weigh more). Measured: 0.3 lifts the keyword leg's recall on sentences to plain BM25's.
KEYWORD_MIN_COVERAGE = 0.3
# A note holding every query term as a word scores at least this in the merge: above the
# similarity of a merely related note (measured: 0.35 lifts the tag category to the keyword leg's
# level and costs no other category).
KEYWORD_FULL_MATCH_SCORE = 0.35
# The both-legs bonus grows from nothing at SEMANTIC_THRESHOLD to BOTH_BONUS at this similarity.
BOTH_FULL_SIMILARITY = 0.5
# With only some of the words, the bonus is at most this, by the keyword score relative to the
# query's best (measured: questions +0.01 nDCG, +0.03 R@10; paraphrases unchanged; 0.1 costs them).
BOTH_PARTIAL_BONUS = 0.05
# A chat turn whose speaker the query names, saying fewer words than this besides the label, has
# its similarity shrunk toward SEMANTIC_THRESHOLD in proportion: "Theo: a journey" is near any
# question about Theo by the name alone. Measured on the long chat's dev questions
# (scripts/eval.py): 10 lifts merged R@10 from 0.560 to 0.653 on single questions and the first
# chat's nDCG from 0.570 to 0.594; 6 and 14 do less. Notes that are no turns are weighed as found
# (a terse jot's few words are its meaning).
SHORT_NOTE_WORDS = 10
# A turn's label and its first words are read within this many characters of a note.
TURN_HEAD_CHARS = 400
# Chunks fetched per query before grouping by note.
SEMANTIC_CHUNK_K = 200
# The vectors in RAM compared first by their sketch, from this many chunks on: SKETCH_DIMS of
# their principal directions, found from every n-th row up to SKETCH_SAMPLE rows. The full vectors
# of the SKETCH_CANDIDATES closest sketches are then compared, so the similarities are exact.
SKETCH_MIN_CHUNKS = 8_000
SKETCH_DIMS = 128
SKETCH_SAMPLE = 20_000
SKETCH_CANDIDATES = 1_000
# How long a search waits for the model's vector of its query (a few ms when well) before it
# reports the model broken instead of hanging.
QUERY_EMBED_TIMEOUT_S = 30.0
# Typo tolerance: no correction below this length; allowed edits grow with the word.
FUZZY_MIN_LEN = 5
FUZZY_LONG_LEN = 8
FUZZY_MAX_CANDIDATES = 3
SNIPPET_CHARS = 160
# A pasted paragraph is a query too: its first words are enough for the keyword leg (each term
# costs an index lookup); the semantic leg reads the whole text up to the model's window.
MAX_QUERY_TERMS = 24
# Time phrases are looked for in a query's first this many characters (the rest is searched as words).
MAX_TIME_PARSE_CHARS = 2000
# "recently" means the past two weeks.
RECENTLY_DAYS = 14

# --- Memory (extraction into the knowledge graph) --------------------------------------------
# Characters of a note the built-in extractor reads (long logs and pastes say little per byte).
MAX_EXTRACT_CHARS = 4_000
MAX_STATEMENTS_PER_NOTE = 24
MAX_LABELS_PER_NOTE = 5
# A sentence neither about the writer nor about anyone named is kept only when the aspect
# classifier is at least this sure of it (most such sentences in long technical notes are prose).
# Chosen on dev: aspects right 309 / 322 / 323 of 375 at 0.35 / 0.25 / 0.15; 0.25 keeps 5% more
# statements of the shared corpus's how-to notes than 0.35.
MIN_ASPECT_CONFIDENCE = 0.25
# A sentence a pattern already read into a triple gets a statement of another aspect only when the
# classifier is at least this sure ("she joined Acme last month": an event too).
SECOND_ASPECT_CONFIDENCE = 0.6
# The tie classifier says the writer works at, lives in or uses a name no rule read a tie of when
# at least this sure (chosen by leave-one-person-out precision on dev: a wrong employer ends the
# right one, so precision counts more than recall).
TIE_MIN_PROBABILITY = 0.8
# The most words a name in a list of who came has ("Ana Lucía Gómez").
ATTENDEE_NAME_WORDS = 3
# A firm named in brackets after someone has at most this many words; a team's initials at most
# this many letters ("(HR)", "(CNC)").
MAX_BRACKETED_FIRM_WORDS = 3
TEAM_INITIALS = 3
# The most letters of a role's initials written in mixed case in brackets ("Gareth (SENCo)", "(HoD)").
ROLE_INITIALS = 5
# Words a sentence needs to be a statement of its own ("boiler again" is one; "yes." is not).
MIN_STATEMENT_WORDS = 2
# A name that fits several known entities ("Sarah": Sarah Chen, Sarah Lee) goes to the one whose
# stored context is at least this similar (ENTITY namespace); one fitting entity takes it outright.
ENTITY_MATCH_SIMILARITY = 0.55
# Voice statements this similar (ASPECT namespace) say the same thing: provenance merges.
VOICE_DUPLICATE_SIMILARITY = 0.92
# ...and this similar with opposite polarity ("I like tea" / "I no longer like tea") contradict.
VOICE_CONTRADICTION_SIMILARITY = 0.75
# A new label this close to an existing one (LABEL namespace) becomes that one.
LABEL_MERGE_SIMILARITY = 0.85
# Characters of an entity's context, a statement or a label embedded for the memory namespaces (a
# sentence or two says what they are about; longer costs model time for nothing).
MEMORY_VECTOR_CHARS = 160
# The app's background reading rests this long between two notes' writes: the writer's Python holds
# the GIL, and a search typed meanwhile should not wait for the interpreter's 5 ms switch interval.
BACKGROUND_WRITE_PAUSE_SECONDS = 0.005
# ...and while it runs the interpreter hands the GIL over after this long instead of 5 ms.
BACKGROUND_GIL_SWITCH_SECONDS = 0.001
# A worker waiting for its batch to be read looks this often whether it was asked to stop (quitting
# the app must not wait for worker processes that are still loading spaCy on a busy machine).
EXTRACT_STOP_POLL_SECONDS = 0.1
# Notes extracted per step of the worker: spaCy and the model batch them; one write per step.
EXTRACT_NOTES_PER_STEP = 8
# A foreground run with at least this many notes to read spreads them over worker processes (one
# per core), this many notes per step; fewer are read in process (starting processes costs ~2 s).
EXTRACT_PARALLEL_MIN_NOTES = 64
EXTRACT_BULK_STEP = 64

# --- Ask -------------------------------------------------------------------------------------
# Below this confidence a question is plain search.
ASK_MIN_CONFIDENCE = 0.2
# A question word this close (rapidfuzz ratio, 0-100) to a known name names that entity ("julias").
ASK_FUZZY_MIN_SCORE = 85
# - and only a name this long or longer: a shorter one ("RET", "Ana") is another word after one edit
#   ("rent", "and").
MIN_FUZZY_NAME = 4
# A description names an entity by meaning (ENTITY vectors) at this cosine or more, and only when
# no other entity comes within the margin.
ASK_ENTITY_MIN_SIMILARITY = 0.4
ASK_ENTITY_MARGIN = 0.03
# A topic's statements by meaning: the nearest this many, at this cosine or more.
ASK_NEAR_STATEMENTS = 20
ASK_NEAR_MIN_SIMILARITY = 0.3
# Answers found in the notes (set on the ask set's dev split; the figures were flat around them):
# - the sentences of this many top search hits are read, of a long note only its start (reading
#   costs time in proportion to length), and spans sought in at most this many best sentences;
EXTRACT_NOTES = 6
# The notes an answer lists under it (its search asks for no more: dressing fifty hits with
# snippets cost an ask ~5 ms for notes nobody reads there).
ASK_NOTES = 10
EXTRACT_NOTE_CHARS = 2000
EXTRACT_READ_SENTENCES = 12
# A sentence answering as a whole ("what did …", "which …") shorter than this many words is shown
# with the sentence after it in its note: short ones tend to name the subject, not the answer.
WHOLE_ANSWER_MIN_WORDS = 8
# - a sentence is read when it holds this share of the question's weighted words, those only the
#   sentences beside it hold counting for the context share;
EXTRACT_MIN_COVERAGE = 0.3
EXTRACT_CONTEXT_SHARE = 0.5
# - except the sentences of the top hit itself (not of notes read beside it) that name whom the
#   question asks about, if anyone: the search put it first by its meaning as well as its words,
#   and its answer often shares none of the question's words ("how much rent do we pay" — "The
#   landlord wants 550 euros a month"; leave-one-notebook-out on the dev split: first answer right
#   0.718 → 0.746, answered right 0.659 → 0.672, false premises answered 1 of 64 at 0.5, and at
#   0.4 4 of 64 where reading them without the names asked about answered 7);
EXTRACT_ALWAYS_READ_RANKS = 1
# - a word of the question's closing scene ("on my last day") weighs this share of its weight;
EXTRACT_SCENE_SHARE = 0.5
# - the sentences read are the best by that share plus the note's search rank (weight / (1 +
#   rank)), its meaning's cosine to the question and its age among the found notes (newest 1);
EXTRACT_RANK_WEIGHT = 0.2
EXTRACT_MEANING_WEIGHT = 0.5
EXTRACT_RECENCY_WEIGHT = 0.3
# - a candidate's sentence's cosine to the question is measured from this, the dev split's median
#   (a candidate read without the model counts as typical);
ANSWER_TYPICAL_COSINE = 0.30
# - a note's answer overtakes a graph value only from a sentence no further than this below the
#   typical cosine: one that far from the question shares a word in another sense ("the scorecard
#   goes live" for "where do I live" sat 0.19 below; dev's rightful overtakers sit within 0.05);
ASK_OVERTAKE_MIN_MEANING = -0.10
# - and only the first this many sentences read are measured: a model run each (~3 ms), and the
#   whole ask must stay within its 50 ms;
ANSWER_MEANING_SENTENCES = 4
# - sentence vectors the asker keeps: typing a question asks again on every key, over the same notes;
ASK_SENTENCE_VECTORS_KEPT = 2048
# - the answer model's probability an answer must reach to be shown (chosen by
#   scripts/train_answers.py on the dev split's answers and false premises: the lowest that keeps
#   false premises answered within 5% leave-one-notebook-out; 0.5 answered 6 of 76).
ASK_ANSWER_MIN_PROBABILITY = 0.55
# A sum asked in the present: one told in a later note goes first when its probability is at most
# this much below an earlier one's (the answer model does not weigh which note is newer).
ASK_NEWER_SUM_MARGIN = 0.05
# - a second or third answer, shown after one that reaches the threshold above, needs only this:
#   the card offers what else the notes may mean (ask dev split: card 0.789 → 0.796, the first
#   item and false premises unchanged).
ASK_ALTERNATIVE_MIN_PROBABILITY = 0.3
# Notes written this close one after another are one thread (the turns of a chat, jots in a row):
# a hit's sentences are read with this many notes on each side of it. A thread is of short notes:
# a note longer than this stands alone (and reading its neighbours would cost time for nothing).
THREAD_GAP = timedelta(minutes=5)
THREAD_TURNS = 2
THREAD_MAX_CHARS = 400
# A thread's names count as a turn's own for this many turns before it: a chat's topic outlives the
# turn that named it (ask dev: "why" card 5 → 6 of 8, all else and false premises unchanged; the
# forty-third probe, a chat: first item 16 → 17 of 34).
EXTRACT_NAMED_TURNS_BACK = 3
# For this many days after a note names a thing with its name ("a gig at the Brudenell"), a note
# that says "the gig" without the name is of it: friends chatting every few weeks come back to it
# a session or two later (ask dev: "how many came to the Brudenell gig", 40 days on, answered;
# nothing else changed, false premises unchanged).
EXTRACT_THING_RECALL_DAYS = 56
# A turn's question, asked by someone else, counts as around it for this many sentences before it.
EXTRACT_REPLY_REACH = 4
# A chat turn's label this short is no one's name: "Q: ..." and "A: ..." are a question and its answer.
MIN_SPEAKER_LETTERS = 2
# A search hit in a thread lends the note written next (its reply) this share of its score: the
# turn that answers a question often says nothing of it ("Thursday with Dr Anand at the Roundhay
# practice" after "when is Miso's vet?"). Long chat dev R@10: single 0.667 → 0.720, two turns 0.375 →
# 0.312; the first chat set's questions 0.761 → 0.791 (0.6: dev single 0.693; 0.8 as 0.7, fewer in
# the first five).
THREAD_REPLY_SHARE = 0.7
# Summaries and topic counts without a time phrase cover this many days.
DIGEST_DAYS = 28
# Weekly digests: the key statements and titles kept per label and week, and weeks rebuilt per step.
DIGEST_KEY_LINES = 4
DIGEST_TITLES = 6
DIGEST_WEEKS_PER_STEP = 16
# With a model server: a one-line summary for digests of this many notes or more, in the last
# DIGEST_SUMMARY_WEEKS weeks, at most DIGEST_SUMMARIES_PER_RUN per run of the worker.
DIGEST_SUMMARY_MIN_NOTES = 2
DIGEST_SUMMARY_WEEKS = 8
DIGEST_SUMMARIES_PER_RUN = 24

# --- LLM extraction (background only) ---------------------------------------------------------
LLM_CONNECT_TIMEOUT_SECONDS = 2.0
# How often a wait for the server checks whether Remen is stopping.
LLM_POLL_SECONDS = 0.25
# A request's deadline grows with the note: base + per 1,000 characters, up to a cap.
LLM_TIMEOUT_BASE_SECONDS = 30.0
LLM_TIMEOUT_PER_1000_CHARS = 15.0
LLM_TIMEOUT_MAX_SECONDS = 180.0
LLM_HEALTH_TIMEOUT_SECONDS = 20.0
# The longest answer asked for: what the note's schema allows (JSON runs about 3 characters a
# token), up to a cap, so a small model that loops on a short note stops after seconds.
LLM_CHARS_PER_TOKEN = 3
LLM_MAX_TOKENS = 1024
# What Remen reads of one reply at most (the token cap above is only a request to the server), and
# the entities and statements it looks at in one answer.
LLM_MAX_REPLY_BYTES = 2_000_000
LLM_MAX_ITEMS = 64
# Notes longer than this are cut for the prompt (the rest still has the built-in extraction).
LLM_MAX_NOTE_CHARS = 6000
# Entities already known that the prompt lists, so names resolve to them.
LLM_KNOWN_ENTITIES = 12
# Notes claimed per step of the model server's pass: one, so a note written meanwhile gets its
# built-in reading after at most one request. And how long the whole queue waits after the
# server was down or too slow.
LLM_NOTES_PER_STEP = 1
LLM_PAUSE_SECONDS = 300.0

# --- MCP (remen mcp) -----------------------------------------------------------------------------
# A reply's size when the agent does not say (tokens, ~4 characters each), and the most it may ask.
MCP_DEFAULT_TOKENS = 2_000
MCP_MAX_TOKENS = 20_000
# A token is about four characters of English text: budgets are kept in characters.
MCP_CHARS_PER_TOKEN = 4
# The most text an agent may add in one note or append (larger bodies are refused, with a reason).
MCP_MAX_BODY_CHARS = 200_000
