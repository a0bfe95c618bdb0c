"""Labelled queries over the shared TIL corpus (ids are corpus paths without notes/ and .md).

Categories: paraphrase (none of the note's distinctive words), keyword (exact words), typo,
temporal (topic + time phrase: relevant = that topic's notes created in the range), phrase
(quoted: relevant = notes containing the phrase), tag (#topic + word: relevant = notes of the topic
mentioning the word). The clock for every query is EVAL_NOW.
"""

from __future__ import annotations

from datetime import datetime

EVAL_NOW = datetime(2026, 8, 25, 10, 0)

PARAPHRASE = [
    ("compute a sha digest inside the database", ["postgres/compute-hashes-with-pgcrypto"]),
    ("add up all the numbers in an array in ruby", ["ruby/summing-collections"]),
    ("look at the mailbox of an erlang process", ["elixir/inspecting-the-process-message-queue"]),
    ("go back to the branch I was on before", ["git/checkout-previous-branch"]),
    ("show every role on the database server", ["postgres/list-database-users"]),
    ("comment out many lines at once in ruby", ["ruby/block-comments"]),
    ("see which containers are up right now", ["docker/list-running-docker-containers"]),
    ("refresh my shell settings without opening a new terminal", ["zsh/a-better-way-to-reload-zsh-configuration"]),
    ("make a random unique identifier client side", ["javascript/generate-a-v4-uuid-in-the-browser"]),
    (
        "style fallback when the browser lacks support for a property",
        ["css/conditional-styling-for-unsupported-css-features"],
    ),
    (
        "install command line applications in isolated environments",
        ["python/use-pipx-to-install-end-user-apps", "python/globally-install-cli-tool-with-uv"],
    ),
    ("total number of seconds in a python duration", ["python/get-absolute-seconds-from-timedelta-object"]),
    ("how much of my code do the tests exercise", ["javascript/test-coverage-stats-with-jest"]),
    ("move where a branch begins", ["git/change-the-start-point-of-a-branch"]),
    ("write a file safely so readers never see half of it", ["python/make-secure-temp-file-for-atomic-write"]),
    ("load a sql file into a database running in a container", ["docker/run-sql-script-against-postgres-container"]),
    ("highlight matches while I type a search pattern", ["vim/incremental-searching"]),
    ("show files git doesn't know about yet from a script", ["git/list-untracked-files-for-scripting"]),
    (
        "copy a nested object completely without shared references",
        ["javascript/make-truly-deep-clone-with-structured-clone"],
    ),
    ("give parameters to a rake command", ["ruby/passing-arguments-to-a-rake-task"]),
    ("speed up lookups on a computed value", ["postgres/using-expressions-in-indexes"]),
    (
        "date strings without a zone get treated as utc in js",
        ["javascript/iso-8601-formatted-dates-are-interpreted-as-utc"],
    ),
    ("keep content away from the iphone notch", ["react_native/avoid-the-notch-with-safeareaview"]),
    ("make an existing mysql column required", ["mysql/change-existing-column-to-not-null"]),
    ("force a react child to be rebuilt from scratch", ["react/forcing-a-child-remount-with-the-key-prop"]),
    ("who has contributed to this repository", ["git/list-all-authors-on-git-repository"]),
    ("open a file and jump straight to a certain line in vim", ["vim/edit-a-file-at-a-specific-line-number"]),
    ("end the tmux session I am in", ["tmux/kill-the-current-session"]),
    ("which submit button was clicked", ["html/determine-which-button-submitted-the-form"]),
    ("show commit timestamps in my own time zone", ["git/display-all-git-log-entries-in-my-local-timezone"]),
    ("download a repository without its past commits", ["git/clone-a-repo-just-for-the-files-without-history"]),
    ("change an image from jpg to png on the command line", ["unix/convert-jpeg-to-png-with-ffmpeg"]),
    ("add a foreign key without blocking writes", ["postgres/add-foreign-key-constraint-without-a-full-lock"]),
    ("stop a rake task from modifying the database", ["rails/ensure-a-rake-task-cannot-write-data"]),
    ("get rid of rails consoles eating memory", ["rails/clean-up-memory-hungry-rails-console-processes"]),
    (
        "abort postgres queries that run too long",
        [
            "postgres/limit-execution-time-of-statements",
            "postgres/set-a-statement-timeout-threshold-for-a-session",
            "postgres/prevent-a-query-from-running-too-long",
            "rails/set-statement-timeout-for-all-postgres-connections",
        ],
    ),
    ("start neovim without my config and plugins", ["neovim/run-nvim-with-factory-defaults"]),
    ("describe images for screen readers", ["html/adding-alt-text-to-an-image"]),
    ("order lines by number instead of alphabetically", ["unix/sort-in-numerical-order"]),
    ("save query output as a spreadsheet file", ["postgres/export-query-results-to-a-csv"]),
    ("back up a mongo database from a server", ["mongodb/dump-a-remote-database"]),
    ("create a signed auth token in ruby", ["ruby/generate-a-signed-jwt-token"]),
    ("keep embedded video proportions when resizing", ["css/display-responsive-iframe-maintaining-aspect-ratio"]),
    ("version the schema of a sqlite database", ["sqlite/manage-lightweight-schema-migrations-with-user-version"]),
    ("what is the process id of my shell", ["unix/pid-of-the-current-shell"]),
    ("browse a website from the terminal", ["unix/view-a-web-page-in-the-terminal"]),
    ("show something visible instead of blanks for nulls in psql", ["postgres/a-better-null-display-character"]),
    ("get the create table statement of an existing table", ["postgres/dump-the-sql-needed-recreate-a-table"]),
    ("check whether every element is truthy in ruby", ["ruby/are-they-all-true"]),
    ("teach the spell checker new words", ["vim/add-custom-dictionary-words"]),
    ("look at an earlier revision of a file in git", ["git/checkout-old-version-of-a-file"]),
    ("trackpad shortcut to see all windows of one app", ["mac/gesture-for-viewing-all-windows-of-current-app"]),
    ("print only the lines sed changed", ["sed/output-only-lines-involved-in-a-substitution"]),
    ("find config files that change my PATH", ["unix/find-any-dotfiles-that-modify-path-env-var"]),
    ("drop the first few items of a ruby array", ["ruby/skip-the-front-of-an-array-with-drop"]),
    ("quotient and remainder at the same time in python", ["python/get-quotient-and-remainder-in-one-operation"]),
    ("count how often each item appears in python", ["python/keep-a-tally-with-collections-counter"]),
    ("run tests as if in another time zone", ["python/override-timezone-that-all-tests-run-in"]),
]

KEYWORD = [
    (
        "pgcrypto",
        [
            "postgres/compute-hashes-with-pgcrypto",
            "postgres/generating-uuids-with-pgcrypto",
            "postgres/salt-and-hash-a-password-with-pgcrypto",
        ],
    ),
    ("SafeAreaView", ["react_native/avoid-the-notch-with-safeareaview"]),
    ("structured clone", ["javascript/make-truly-deep-clone-with-structured-clone"]),
    ("pipx", ["python/use-pipx-to-install-end-user-apps"]),
    ("blit_string", ["reason/modifying-a-string-with-blit-string"]),
    ("ffmpeg jpeg png", ["unix/convert-jpeg-to-png-with-ffmpeg"]),
    ("timedelta seconds", ["python/get-absolute-seconds-from-timedelta-object"]),
    ("alchemist documentation", ["elixir/documentation-lookup-with-vim-and-alchemist"]),
    ("capybara status code", ["rails/capybara-page-status-code"]),
    ("user_version", ["sqlite/manage-lightweight-schema-migrations-with-user-version"]),
    ("mailer previews", ["rails/prevent-mailer-previews-from-cluttering-database"]),
    ("minitest refute", ["ruby/avoid-double-negation-with-minitest-refute"]),
    ("cloudflare cname apex", ["devops/cloudflare-allows-cname-for-apex-domain"]),
    ("vim-plug neovim", ["neovim/set-up-vim-plug-with-neovim"]),
    ("dune native", ["reason/compile-reason-to-native-with-dune"]),
    ("HTMLCollection", ["javascript/turn-an-html-collection-into-an-array"]),
    ("hex package latest release", ["elixir/determine-the-latest-release-of-a-hex-package"]),
    ("md5 elixir", ["elixir/compute-md5-digest-of-a-string"]),
    ("rsync exclude", ["unix/exclude-certain-files-from-an-rsync-run"]),
    ("fzf multi-select", ["unix/enable-multi-select-of-results-with-fzf"]),
    ("ruff", ["python/lint-and-format-project-with-ruff", "python/try-out-the-latest-version-of-ruff"]),
    ("bigint identity column", ["drizzle/create-bigint-identity-column-for-primary-key"]),
    ("iex history", ["elixir/referencing-values-in-iexs-history"]),
    ("reportlab pdf", ["python/generate-sample-pdfs-with-reportlab"]),
    ("defaultdict", ["python/easy-key-value-aggregates-with-defaultdict"]),
]

TYPO = [
    ("pgcyrpto", ["postgres/compute-hashes-with-pgcrypto"]),
    ("safeareavew", ["react_native/avoid-the-notch-with-safeareaview"]),
    ("timedleta seconds", ["python/get-absolute-seconds-from-timedelta-object"]),
    ("multilnie heredocs", ["ruby/define-multiline-strings-with-heredocs"]),
    ("capybarra status code", ["rails/capybara-page-status-code"]),
    ("alchemsit documentation lookup", ["elixir/documentation-lookup-with-vim-and-alchemist"]),
    ("structred clone", ["javascript/make-truly-deep-clone-with-structured-clone"]),
    ("cloudfare cname", ["devops/cloudflare-allows-cname-for-apex-domain"]),
    ("ffmpge jpeg", ["unix/convert-jpeg-to-png-with-ffmpeg"]),
    ("rysnc exclude files", ["unix/exclude-certain-files-from-an-rsync-run"]),
    ("minitset refute", ["ruby/avoid-double-negation-with-minitest-refute"]),
    ("incremantal searching", ["vim/incremental-searching"]),
    ("reportlba pdfs", ["python/generate-sample-pdfs-with-reportlab"]),
    ("defualtdict aggregates", ["python/easy-key-value-aggregates-with-defaultdict"]),
    ("dataclas sortable", ["python/make-dataclass-sortable-by-specific-field"]),
]

# query, topic, [start, end) as ISO dates
TEMPORAL = [
    ("python notes from last month", "python", "2026-07-01", "2026-08-01"),
    ("git tips this year", "git", "2026-01-01", "2026-08-25T10:00"),
    ("postgres in 2015", "postgres", "2015-01-01", "2016-01-01"),
    ("vim tricks from 2016", "vim", "2016-01-01", "2017-01-01"),
    ("rails last year", "rails", "2025-01-01", "2026-01-01"),
    ("javascript from march 2018", "javascript", "2018-03-01", "2018-04-01"),
    ("elixir in summer 2016", "elixir", "2016-06-01", "2016-09-01"),
    ("react q2 2018", "react", "2018-04-01", "2018-07-01"),
    ("typescript since 2022", "typescript", "2022-01-01", "2026-08-25T10:00"),
    ("ruby notes before 2015", "ruby", "1970-01-02", "2015-01-01"),
    ("unix from jan 2024 to mar 2024", "unix", "2024-01-01", "2024-04-01"),
    ("tmux 10 years ago", "tmux", "2016-01-01", "2017-01-01"),
    ("python this month", "python", "2026-08-01", "2026-08-25T10:00"),
    ("ruby notes from august", "ruby", "2026-08-01", "2026-09-01"),
    ("postgres last fall", "postgres", "2025-09-01", "2025-12-01"),
    ("mac in 2019", "mac", "2019-01-01", "2020-01-01"),
    ("git during 2015", "git", "2015-01-01", "2016-01-01"),
]

# query, phrase that relevant notes contain
PHRASE = [
    ('"statement timeout"', "statement timeout"),
    ('"git stash"', "git stash"),
    ('"foreign key"', "foreign key"),
    ('"aspect ratio"', "aspect ratio"),
    ('"frozen string literal"', "frozen string literal"),
    ('"type narrowing"', "type narrowing"),
    ('"rails console"', "rails console"),
    ('"merge conflict"', "merge conflict"),
    ('"jsonb"', "jsonb"),
    ('"environment variable"', "environment variable"),
]

# query, topic, word the relevant notes of that topic mention
TAG = [
    ("#docker postgres", "docker", "postgres"),
    ("#tmux sessions", "tmux", "session"),
    ("#vim macro", "vim", "macro"),
    ("#python dataclass", "python", "dataclass"),
    ("#rails migration", "rails", "migration"),
    ("#elixir pattern matching", "elixir", "pattern match"),
    ("#git rebase", "git", "rebase"),
    ("#postgres json", "postgres", "json"),
    ("#react hooks", "react", "hook"),
    ("#jq arrays", "jq", "array"),
]
