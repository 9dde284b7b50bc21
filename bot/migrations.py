"""Numbered schema migrations for the SQLite store; each runs once, in order, in one transaction."""

from __future__ import annotations

MIGRATIONS: tuple[tuple[int, tuple[str, ...]], ...] = (
    (
        1,
        (
            """CREATE TABLE tables (
                id INTEGER PRIMARY KEY AUTOINCREMENT,
                game TEXT NOT NULL,
                guild_id INTEGER,
                channel_id INTEGER,
                thread_id INTEGER,
                status TEXT NOT NULL CHECK (status IN ('lobby', 'active', 'finished', 'abandoned')),
                seats TEXT NOT NULL,
                invited TEXT NOT NULL DEFAULT '[]',
                options TEXT NOT NULL,
                seed INTEGER NOT NULL,
                version INTEGER NOT NULL DEFAULT 0,
                lang TEXT NOT NULL,
                status_message_id INTEGER,
                created_by INTEGER NOT NULL,
                outcome TEXT,
                rematch_of INTEGER UNIQUE REFERENCES tables(id),
                created_at REAL NOT NULL,
                updated_at REAL NOT NULL
            )""",
            "CREATE INDEX tables_by_guild ON tables(guild_id, status)",
            """CREATE TABLE events (
                table_id INTEGER NOT NULL REFERENCES tables(id) ON DELETE CASCADE,
                seq INTEGER NOT NULL CHECK (seq >= 1),
                kind TEXT NOT NULL,
                data TEXT NOT NULL,
                actor TEXT,
                at REAL NOT NULL,
                PRIMARY KEY (table_id, seq)
            ) WITHOUT ROWID""",
            """CREATE TABLE snapshots (
                table_id INTEGER PRIMARY KEY REFERENCES tables(id) ON DELETE CASCADE,
                version INTEGER NOT NULL,
                schema_hash TEXT NOT NULL,
                data TEXT NOT NULL
            )""",
            """CREATE TABLE deadlines (
                id INTEGER PRIMARY KEY AUTOINCREMENT,
                table_id INTEGER NOT NULL REFERENCES tables(id) ON DELETE CASCADE,
                kind TEXT NOT NULL CHECK (kind IN ('reminder', 'timeout')),
                seat TEXT NOT NULL,
                key TEXT NOT NULL,
                version INTEGER NOT NULL,
                due_at REAL NOT NULL,
                status TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'done', 'void')),
                payload TEXT NOT NULL DEFAULT '{}',
                UNIQUE (table_id, kind, seat, key)
            )""",
            "CREATE INDEX deadlines_due ON deadlines(status, due_at)",
            """CREATE TABLE deliveries (
                id INTEGER PRIMARY KEY AUTOINCREMENT,
                table_id INTEGER NOT NULL REFERENCES tables(id) ON DELETE CASCADE,
                version INTEGER NOT NULL,
                kind TEXT NOT NULL,
                target TEXT NOT NULL,
                payload TEXT NOT NULL DEFAULT '{}',
                status TEXT NOT NULL DEFAULT 'pending'
                    CHECK (status IN ('pending', 'done', 'failed', 'skipped')),
                generation INTEGER NOT NULL DEFAULT 1,
                attempts INTEGER NOT NULL DEFAULT 0,
                not_before REAL NOT NULL DEFAULT 0,
                message_id INTEGER,
                last_error TEXT,
                created_at REAL NOT NULL,
                updated_at REAL NOT NULL,
                UNIQUE (table_id, version, kind, target)
            )""",
            "CREATE INDEX deliveries_pending ON deliveries(status, table_id, id)",
            """CREATE TABLE players (
                user_id INTEGER PRIMARY KEY,
                locale TEXT,
                dm_status TEXT NOT NULL DEFAULT 'unknown' CHECK (dm_status IN ('unknown', 'open', 'closed')),
                updated_at REAL NOT NULL
            )""",
            """CREATE TABLE guild_settings (
                guild_id INTEGER PRIMARY KEY,
                language TEXT NOT NULL,
                updated_at REAL NOT NULL
            )""",
        ),
    ),
    (
        2,
        (
            # A live turn's warnings (30 s, 10 s left) are deadlines of their own kind; SQLite cannot
            # change a CHECK constraint in place, so the table is rebuilt with its rows.
            """CREATE TABLE deadlines_v2 (
                id INTEGER PRIMARY KEY AUTOINCREMENT,
                table_id INTEGER NOT NULL REFERENCES tables(id) ON DELETE CASCADE,
                kind TEXT NOT NULL CHECK (kind IN ('reminder', 'timeout', 'warning')),
                seat TEXT NOT NULL,
                key TEXT NOT NULL,
                version INTEGER NOT NULL,
                due_at REAL NOT NULL,
                status TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'done', 'void')),
                payload TEXT NOT NULL DEFAULT '{}',
                UNIQUE (table_id, kind, seat, key)
            )""",
            "INSERT INTO deadlines_v2 SELECT id, table_id, kind, seat, key, version, due_at, status, payload"
            " FROM deadlines",
            "DROP TABLE deadlines",
            "ALTER TABLE deadlines_v2 RENAME TO deadlines",
            "CREATE INDEX deadlines_due ON deadlines(status, due_at)",
            # Standing orders: a seat's answers given in advance to a game's prompts (Rules.standing_orders).
            """CREATE TABLE standing_orders (
                table_id INTEGER NOT NULL REFERENCES tables(id) ON DELETE CASCADE,
                seat TEXT NOT NULL,
                name TEXT NOT NULL,
                value TEXT NOT NULL,
                updated_at REAL NOT NULL,
                PRIMARY KEY (table_id, seat, name)
            ) WITHOUT ROWID""",
        ),
    ),
    (
        3,
        (
            # A series (a game whose rounds are other tables, Rules.series_table): each table it opens
            # points back to it under a key, opened once.
            "ALTER TABLE tables ADD COLUMN series_of INTEGER REFERENCES tables(id)",
            "ALTER TABLE tables ADD COLUMN series_key TEXT",
            "CREATE UNIQUE INDEX tables_in_series ON tables(series_of, series_key)",
        ),
    ),
    (
        4,
        (
            # Issue 15 item 2: a table's number reads per server (the first table of a server is #1).
            # Existing tables are numbered in the order they were opened, per server; the tables
            # with no server (guild_id NULL) are numbered among themselves. `id` stays the key that
            # custom ids, events and deliveries use.
            "ALTER TABLE tables ADD COLUMN number INTEGER",
            """UPDATE tables SET number = (
                SELECT COUNT(*) FROM tables AS earlier
                WHERE earlier.guild_id IS tables.guild_id AND earlier.id <= tables.id
            )""",
            "CREATE UNIQUE INDEX tables_by_number ON tables(guild_id, number)",
        ),
    ),
    (
        5,
        (
            # Issue 24 item 7: autocomplete by game name reads a server's tables of one game and one
            # status newest first (an index's rows are in rowid order within equal keys), never the
            # whole history.
            "CREATE INDEX tables_by_game ON tables(guild_id, game, status)",
            # Issue 24 item 5: why a table's board cannot be shown (Discord refused its thread:
            # "missing_permissions", "missing_access", "archived", "deleted", "removed"); NULL when
            # it can. Its players were told once by DM; admins see it in /game list.
            "ALTER TABLE tables ADD COLUMN fault TEXT",
        ),
    ),
    (
        6,
        (
            # Issue 28 (docs/export.md): every accepted action with the seat that took it and who held
            # that seat, so `tablero verify` can re-decide it with the revealed seed. `version` is the
            # state's version it was decided at (its first event is seq version + 1), `events` how
            # many events it caused. Tables played before this migration have no actions recorded.
            """CREATE TABLE actions (
                id INTEGER PRIMARY KEY AUTOINCREMENT,
                table_id INTEGER NOT NULL REFERENCES tables(id) ON DELETE CASCADE,
                version INTEGER NOT NULL,
                seat TEXT NOT NULL,
                holder TEXT,
                data TEXT NOT NULL,
                events INTEGER NOT NULL,
                at REAL NOT NULL
            )""",
            "CREATE INDEX actions_by_table ON actions(table_id, id)",
            # The seed's commitment is SHA-256 over the table id, the seed and this secret salt
            # (bot/export.py): a 63-bit seed alone could be found from its hash by brute force.
            "ALTER TABLE tables ADD COLUMN salt TEXT",
            "UPDATE tables SET salt = lower(hex(randomblob(16)))",
        ),
    ),
    (
        # Issue 26 (stand-ins for absent players, pause, take-backs, quiet hours, server settings).
        # Its PostgreSQL twin is bot/pg_migrations.py's 7.
        7,
        (
            # A table's platform settings (not the game's options): `absent` (wait, ai, forfeit) and
            # `absent_after` (how many deadlines in a row a seat may miss); see bot/absence.py.
            "ALTER TABLE tables ADD COLUMN settings TEXT NOT NULL DEFAULT '{}'",
            # Who is absent at a table: deadlines missed in a row per seat, the seats a stand-in
            # (the game's AI) plays for and why, and how many turns each stand-in played.
            "ALTER TABLE tables ADD COLUMN absence TEXT NOT NULL DEFAULT '{}'",
            # /away: a player on holiday until this time (epoch seconds; NULL: not away).
            "ALTER TABLE players ADD COLUMN away_until REAL",
            "CREATE INDEX players_away ON players(away_until) WHERE away_until IS NOT NULL",
            # Pause (issue 26 item 3): who asked to pause, and since when the table is paused
            # (bot/pause.py). A paused table's deadlines keep what was left in their payload.
            "ALTER TABLE tables ADD COLUMN pause TEXT NOT NULL DEFAULT '{}'",
            # Take-backs (issue 26 item 4 of the list, "undo by consent"; bot/takeback.py): the
            # last player action that may be taken back, and the moves applied since.
            "ALTER TABLE tables ADD COLUMN undo TEXT NOT NULL DEFAULT '{}'",
            # A server's defaults for new tables (pace, deadline_hours, absent, absent_after) and the
            # channels games may be opened in (empty: any), set by its admins (issue 26 item 6;
            # bot/server.py). The server's language stays in guild_settings.
            # A player's time zone (IANA name) and quiet hours ("23:00-08:00"), set with /settings
            # (issue 26 item 4; bot/quiet.py): pings and DMs wait for the end of their night.
            "ALTER TABLE players ADD COLUMN timezone TEXT",
            "ALTER TABLE players ADD COLUMN quiet TEXT",
            """CREATE TABLE server_settings (
                guild_id INTEGER PRIMARY KEY,
                defaults TEXT NOT NULL DEFAULT '{}',
                channels TEXT NOT NULL DEFAULT '[]',
                updated_at REAL NOT NULL
            )""",
        ),
    ),
    (
        # Issue 28 item 4 (ratings, /stats, /leaderboard; bot/ratings.py) and item 5 (the referee
        # thread kept up to date every turn; bot/watch.py). Its PostgreSQL twin is bot/pg_migrations.py's 8.
        8,
        (
            # When each table finished, in the order it finished: the ratings are recomputed from
            # these rows (with the table's seats and outcome) in this order, so a fix to the formula
            # rewrites every rating consistently. Written by a trigger on the status change, so every
            # way a table finishes (the last move, a resignation, a forfeit) records it, and no move
            # path has to remember to. Tables finished before this migration are recorded at their
            # last update, in that order. Abandoned tables have no result.
            """CREATE TABLE results (
                table_id INTEGER PRIMARY KEY REFERENCES tables(id) ON DELETE CASCADE,
                guild_id INTEGER,
                game TEXT NOT NULL,
                finished_at REAL NOT NULL
            )""",
            "CREATE INDEX results_by_guild ON results(guild_id, finished_at, table_id)",
            """INSERT INTO results (table_id, guild_id, game, finished_at)
                SELECT id, guild_id, game, updated_at FROM tables WHERE status = 'finished'""",
            """CREATE TRIGGER results_on_finish AFTER UPDATE OF status ON tables
                WHEN NEW.status = 'finished' AND OLD.status <> 'finished'
                BEGIN
                    INSERT OR IGNORE INTO results (table_id, guild_id, game, finished_at)
                    VALUES (NEW.id, NEW.guild_id, NEW.game, NEW.updated_at);
                END""",
            # A table's referee thread (`/game referee`): the private thread, the referee it was
            # opened for, and the messages that hold the whole position there, edited every turn.
            """CREATE TABLE referee_threads (
                table_id INTEGER PRIMARY KEY REFERENCES tables(id) ON DELETE CASCADE,
                thread_id INTEGER NOT NULL,
                user_id INTEGER NOT NULL,
                messages TEXT NOT NULL DEFAULT '[]',
                updated_at REAL NOT NULL
            )""",
        ),
    ),
    (
        # Issue 29 item 3. Its PostgreSQL twin is bot/pg_migrations.py's 9.
        9,
        (
            # A player's palette for the pictures drawn for them alone, set with /settings palette:
            # (renderers/palette.py; NULL: the default).
            "ALTER TABLE players ADD COLUMN palette TEXT",
        ),
    ),
    (
        # Issue 25 item 3 (bot/shards.py). Its PostgreSQL twin is bot/pg_migrations.py's 10.
        10,
        (
            # What every process of a cluster must agree on: the shard count, fixed at the first
            # `tablero cluster` (Discord's recommendation) or by `--shard-count`. One row per name.
            """CREATE TABLE cluster_settings (
                name TEXT PRIMARY KEY,
                value TEXT NOT NULL,
                updated_at REAL NOT NULL
            )""",
        ),
    ),
    (
        # Issue 25 item 5 (bot/leases.py): leases on due deadlines and outbox rows, so every process
        # runs the scheduler and the delivery worker and each row is worked once. Its PostgreSQL twin
        # is bot/pg_migrations.py's 11.
        11,
        (
            "ALTER TABLE deadlines ADD COLUMN lease_owner TEXT",
            "ALTER TABLE deadlines ADD COLUMN lease_until REAL",
            "ALTER TABLE deliveries ADD COLUMN lease_owner TEXT",
            "ALTER TABLE deliveries ADD COLUMN lease_until REAL",
        ),
    ),
    (
        # Issue 25 item 8: nothing changes on SQLite. Its PostgreSQL twin (bot/pg_migrations.py's 12)
        # adds the function with which a batch of writes checks, in the server, that the table was
        # at the version the move read; SQLite's store checks the row count itself (store_sqlite's
        # `_run`). The number exists on both engines so a schema version means the same on each.
        12,
        (),
    ),
    (
        # Issue 25 (bot/leases.py, bot/holds.py): which processes serve this file, so a dead one's
        # claims are free at once. Each store that serves the database holds a slot (a byte of the
        # holds file, locked for its life) and writes one row for it (owner ''), and one per lease
        # owner it claims under. A row whose slot's byte nobody holds is a dead process's: its slot
        # is handed to the next process that opens the file. Runtime state, not data: copy-db
        # leaves it out. The two indexes find the claims still running (few rows: a claim ends with
        # its row done or released), which every process looks through for a dead owner's. Its
        # PostgreSQL twin (bot/pg_migrations.py's 13) adds the same indexes and no registry: there a
        # process's liveness is a session advisory lock, which the server itself keeps.
        13,
        (
            "CREATE INDEX deadlines_leased ON deadlines(lease_until)"
            " WHERE status = 'pending' AND lease_until IS NOT NULL",
            "CREATE INDEX deliveries_leased ON deliveries(lease_until)"
            " WHERE status = 'pending' AND lease_until IS NOT NULL",
            """CREATE TABLE processes (
                slot INTEGER NOT NULL,
                owner TEXT NOT NULL,
                pid INTEGER NOT NULL,
                since REAL NOT NULL,
                PRIMARY KEY (slot, owner)
            )""",
            "CREATE INDEX processes_owner ON processes (owner)",
        ),
    ),
    (
        # Issue 25 (its gaps): each player's latest refusal that a measure made, kept for `/why`
        # (bot/why.py) so that any process of a cluster, and the bot after a restart, explains it.
        # One row per table and user, replaced by the next ruled refusal: the refusal's catalog key
        # and parameters, its ruling (engine/core/ruling.py, JSON) and the table's version when it
        # was refused. The acting player's own: read only by `/why` for that user. Its PostgreSQL
        # twin is bot/pg_migrations.py's 14.
        14,
        (
            """CREATE TABLE refusals (
                table_id INTEGER NOT NULL REFERENCES tables(id) ON DELETE CASCADE,
                user_id INTEGER NOT NULL,
                version INTEGER NOT NULL,
                message_id TEXT NOT NULL,
                params TEXT NOT NULL DEFAULT '{}',
                ruling TEXT NOT NULL,
                at REAL NOT NULL,
                PRIMARY KEY (table_id, user_id)
            ) WITHOUT ROWID""",
        ),
    ),
    (
        # Issue 25 (its gaps): a table's absence record is written as the writer's change to the
        # record it read, merged into the record as it is then (bot/store_shared.py's
        # `table_update`): SQLite's built-in json_patch does it, so nothing changes here. Its
        # PostgreSQL twin (bot/pg_migrations.py's 15) adds the same merge as a function.
        15,
        (),
    ),
)

LATEST = MIGRATIONS[-1][0]
