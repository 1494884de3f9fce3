-- The queue's schema as pg-boss 10.4.2 (schema version 24) left it in a product database before the move to
-- pg-boss 12 (ADR 0051): made by pg-boss 10.4.2 itself on PostgreSQL 15 (its install, createQueue of the
-- impact-analysis queue with retryLimit 0, three sends, one job fetched and left active, one completed), then
-- written out with pg_dump --schema=pgboss --inserts, its session settings and comments removed.
-- pg-boss is MIT licensed (c) Tim Jones.

CREATE SCHEMA pgboss;

CREATE TYPE pgboss.job_state AS ENUM (
    'created',
    'retry',
    'active',
    'completed',
    'cancelled',
    'failed'
);

CREATE FUNCTION pgboss.create_queue(queue_name text, options json) RETURNS void
    LANGUAGE plpgsql
    AS $_$
    DECLARE
      table_name varchar := 'j' || encode(sha224(queue_name::bytea), 'hex');
      queue_created_on timestamptz;
    BEGIN

      WITH q as (
      INSERT INTO pgboss.queue (
        name,
        policy,
        retry_limit,
        retry_delay,
        retry_backoff,
        expire_seconds,
        retention_minutes,
        dead_letter,
        partition_name
      )
      VALUES (
        queue_name,
        options->>'policy',
        (options->>'retryLimit')::int,
        (options->>'retryDelay')::int,
        (options->>'retryBackoff')::bool,
        (options->>'expireInSeconds')::int,
        (options->>'retentionMinutes')::int,
        options->>'deadLetter',
        table_name
      )
      ON CONFLICT DO NOTHING
      RETURNING created_on
      )
      SELECT created_on into queue_created_on from q;

      IF queue_created_on IS NULL THEN
        RETURN;
      END IF;

      EXECUTE format('CREATE TABLE pgboss.%I (LIKE pgboss.job INCLUDING DEFAULTS)', table_name);

      EXECUTE format('ALTER TABLE pgboss.%1$I ADD PRIMARY KEY (name, id)', table_name);
      EXECUTE format('ALTER TABLE pgboss.%1$I ADD CONSTRAINT q_fkey FOREIGN KEY (name) REFERENCES pgboss.queue (name) ON DELETE RESTRICT DEFERRABLE INITIALLY DEFERRED', table_name);
      EXECUTE format('ALTER TABLE pgboss.%1$I ADD CONSTRAINT dlq_fkey FOREIGN KEY (dead_letter) REFERENCES pgboss.queue (name) ON DELETE RESTRICT DEFERRABLE INITIALLY DEFERRED', table_name);
      EXECUTE format('CREATE UNIQUE INDEX %1$s_i1 ON pgboss.%1$I (name, COALESCE(singleton_key, '''')) WHERE state = ''created'' AND policy = ''short''', table_name);
      EXECUTE format('CREATE UNIQUE INDEX %1$s_i2 ON pgboss.%1$I (name, COALESCE(singleton_key, '''')) WHERE state = ''active'' AND policy = ''singleton''', table_name);
      EXECUTE format('CREATE UNIQUE INDEX %1$s_i3 ON pgboss.%1$I (name, state, COALESCE(singleton_key, '''')) WHERE state <= ''active'' AND policy = ''stately''', table_name);
      EXECUTE format('CREATE UNIQUE INDEX %1$s_i4 ON pgboss.%1$I (name, singleton_on, COALESCE(singleton_key, '''')) WHERE state <> ''cancelled'' AND singleton_on IS NOT NULL', table_name);
      EXECUTE format('CREATE INDEX %1$s_i5 ON pgboss.%1$I (name, start_after) INCLUDE (priority, created_on, id) WHERE state < ''active''', table_name);

      EXECUTE format('ALTER TABLE pgboss.%I ADD CONSTRAINT cjc CHECK (name=%L)', table_name, queue_name);
      EXECUTE format('ALTER TABLE pgboss.job ATTACH PARTITION pgboss.%I FOR VALUES IN (%L)', table_name, queue_name);
    END;
    $_$;

CREATE FUNCTION pgboss.delete_queue(queue_name text) RETURNS void
    LANGUAGE plpgsql
    AS $$
    DECLARE
      table_name varchar;
    BEGIN
      WITH deleted as (
        DELETE FROM pgboss.queue
        WHERE name = queue_name
        RETURNING partition_name
      )
      SELECT partition_name from deleted INTO table_name;

      EXECUTE format('DROP TABLE IF EXISTS pgboss.%I', table_name);
    END;
    $$;

CREATE TABLE pgboss.archive (
    id uuid NOT NULL,
    name text NOT NULL,
    priority integer NOT NULL,
    data jsonb,
    state pgboss.job_state NOT NULL,
    retry_limit integer NOT NULL,
    retry_count integer NOT NULL,
    retry_delay integer NOT NULL,
    retry_backoff boolean NOT NULL,
    start_after timestamp with time zone NOT NULL,
    started_on timestamp with time zone,
    singleton_key text,
    singleton_on timestamp without time zone,
    expire_in interval NOT NULL,
    created_on timestamp with time zone NOT NULL,
    completed_on timestamp with time zone,
    keep_until timestamp with time zone NOT NULL,
    output jsonb,
    dead_letter text,
    policy text,
    archived_on timestamp with time zone DEFAULT now() NOT NULL
);

CREATE TABLE pgboss.job (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    name text NOT NULL,
    priority integer DEFAULT 0 NOT NULL,
    data jsonb,
    state pgboss.job_state DEFAULT 'created'::pgboss.job_state NOT NULL,
    retry_limit integer DEFAULT 2 NOT NULL,
    retry_count integer DEFAULT 0 NOT NULL,
    retry_delay integer DEFAULT 0 NOT NULL,
    retry_backoff boolean DEFAULT false NOT NULL,
    start_after timestamp with time zone DEFAULT now() NOT NULL,
    started_on timestamp with time zone,
    singleton_key text,
    singleton_on timestamp without time zone,
    expire_in interval DEFAULT '00:15:00'::interval NOT NULL,
    created_on timestamp with time zone DEFAULT now() NOT NULL,
    completed_on timestamp with time zone,
    keep_until timestamp with time zone DEFAULT (now() + '14 days'::interval) NOT NULL,
    output jsonb,
    dead_letter text,
    policy text
)
PARTITION BY LIST (name);

CREATE TABLE pgboss.j1997206f2ead9e3cded837e2103293ca96790c6d852c87f934bccfb9 (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    name text NOT NULL,
    priority integer DEFAULT 0 NOT NULL,
    data jsonb,
    state pgboss.job_state DEFAULT 'created'::pgboss.job_state NOT NULL,
    retry_limit integer DEFAULT 2 NOT NULL,
    retry_count integer DEFAULT 0 NOT NULL,
    retry_delay integer DEFAULT 0 NOT NULL,
    retry_backoff boolean DEFAULT false NOT NULL,
    start_after timestamp with time zone DEFAULT now() NOT NULL,
    started_on timestamp with time zone,
    singleton_key text,
    singleton_on timestamp without time zone,
    expire_in interval DEFAULT '00:15:00'::interval NOT NULL,
    created_on timestamp with time zone DEFAULT now() NOT NULL,
    completed_on timestamp with time zone,
    keep_until timestamp with time zone DEFAULT (now() + '14 days'::interval) NOT NULL,
    output jsonb,
    dead_letter text,
    policy text,
    CONSTRAINT cjc CHECK ((name = 'impact-analysis'::text))
);

CREATE TABLE pgboss.queue (
    name text NOT NULL,
    policy text,
    retry_limit integer,
    retry_delay integer,
    retry_backoff boolean,
    expire_seconds integer,
    retention_minutes integer,
    dead_letter text,
    partition_name text,
    created_on timestamp with time zone DEFAULT now() NOT NULL,
    updated_on timestamp with time zone DEFAULT now() NOT NULL
);

CREATE TABLE pgboss.schedule (
    name text NOT NULL,
    cron text NOT NULL,
    timezone text,
    data jsonb,
    options jsonb,
    created_on timestamp with time zone DEFAULT now() NOT NULL,
    updated_on timestamp with time zone DEFAULT now() NOT NULL
);

CREATE TABLE pgboss.subscription (
    event text NOT NULL,
    name text NOT NULL,
    created_on timestamp with time zone DEFAULT now() NOT NULL,
    updated_on timestamp with time zone DEFAULT now() NOT NULL
);

CREATE TABLE pgboss.version (
    version integer NOT NULL,
    maintained_on timestamp with time zone,
    cron_on timestamp with time zone,
    monitored_on timestamp with time zone
);

ALTER TABLE ONLY pgboss.job ATTACH PARTITION pgboss.j1997206f2ead9e3cded837e2103293ca96790c6d852c87f934bccfb9 FOR VALUES IN ('impact-analysis');

INSERT INTO pgboss.j1997206f2ead9e3cded837e2103293ca96790c6d852c87f934bccfb9 VALUES ('5df816ef-9079-483d-9ef8-b89404c0c46f', 'impact-analysis', 0, '{"jobId": "00000002-0000-4000-8000-000000000000"}', 'created', 0, 0, 0, false, '2026-11-25 21:51:37.535824+00', NULL, NULL, NULL, '02:00:00', '2026-11-25 21:51:37.535824+00', NULL, '2026-12-09 21:51:37.535824+00', NULL, NULL, 'standard');
INSERT INTO pgboss.j1997206f2ead9e3cded837e2103293ca96790c6d852c87f934bccfb9 VALUES ('97107f3d-152b-4b65-a508-468c25bc66cc', 'impact-analysis', 0, '{"jobId": "00000000-0000-4000-8000-000000000000"}', 'active', 0, 0, 0, false, '2026-11-25 21:51:37.528957+00', '2026-11-25 21:51:37.538408+00', NULL, NULL, '02:00:00', '2026-11-25 21:51:37.528957+00', NULL, '2026-12-09 21:51:37.528957+00', NULL, NULL, 'standard');
INSERT INTO pgboss.j1997206f2ead9e3cded837e2103293ca96790c6d852c87f934bccfb9 VALUES ('e7b4c648-363e-4745-a98b-ef8a78486d5c', 'impact-analysis', 0, '{"jobId": "00000001-0000-4000-8000-000000000000"}', 'completed', 0, 0, 0, false, '2026-11-25 21:51:37.533665+00', '2026-11-25 21:51:37.54207+00', NULL, NULL, '02:00:00', '2026-11-25 21:51:37.533665+00', '2026-11-25 21:51:37.544863+00', '2026-12-09 21:51:37.533665+00', NULL, NULL, 'standard');

INSERT INTO pgboss.queue VALUES ('impact-analysis', 'standard', 0, NULL, NULL, NULL, NULL, NULL, 'j1997206f2ead9e3cded837e2103293ca96790c6d852c87f934bccfb9', '2026-11-25 21:51:37.498692+00', '2026-11-25 21:51:37.498692+00');

INSERT INTO pgboss.version VALUES (24, NULL, NULL, NULL);

ALTER TABLE ONLY pgboss.archive
    ADD CONSTRAINT archive_pkey PRIMARY KEY (name, id);

ALTER TABLE ONLY pgboss.job
    ADD CONSTRAINT job_pkey PRIMARY KEY (name, id);

ALTER TABLE ONLY pgboss.j1997206f2ead9e3cded837e2103293ca96790c6d852c87f934bccfb9
    ADD CONSTRAINT j1997206f2ead9e3cded837e2103293ca96790c6d852c87f934bccfb9_pkey PRIMARY KEY (name, id);

ALTER TABLE ONLY pgboss.queue
    ADD CONSTRAINT queue_pkey PRIMARY KEY (name);

ALTER TABLE ONLY pgboss.schedule
    ADD CONSTRAINT schedule_pkey PRIMARY KEY (name);

ALTER TABLE ONLY pgboss.subscription
    ADD CONSTRAINT subscription_pkey PRIMARY KEY (event, name);

ALTER TABLE ONLY pgboss.version
    ADD CONSTRAINT version_pkey PRIMARY KEY (version);

CREATE INDEX archive_i1 ON pgboss.archive USING btree (archived_on);

CREATE UNIQUE INDEX j1997206f2ead9e3cded837e2103293ca96790c6d852c87f934bccfb9_i1 ON pgboss.j1997206f2ead9e3cded837e2103293ca96790c6d852c87f934bccfb9 USING btree (name, COALESCE(singleton_key, ''::text)) WHERE ((state = 'created'::pgboss.job_state) AND (policy = 'short'::text));

CREATE UNIQUE INDEX j1997206f2ead9e3cded837e2103293ca96790c6d852c87f934bccfb9_i2 ON pgboss.j1997206f2ead9e3cded837e2103293ca96790c6d852c87f934bccfb9 USING btree (name, COALESCE(singleton_key, ''::text)) WHERE ((state = 'active'::pgboss.job_state) AND (policy = 'singleton'::text));

CREATE UNIQUE INDEX j1997206f2ead9e3cded837e2103293ca96790c6d852c87f934bccfb9_i3 ON pgboss.j1997206f2ead9e3cded837e2103293ca96790c6d852c87f934bccfb9 USING btree (name, state, COALESCE(singleton_key, ''::text)) WHERE ((state <= 'active'::pgboss.job_state) AND (policy = 'stately'::text));

CREATE UNIQUE INDEX j1997206f2ead9e3cded837e2103293ca96790c6d852c87f934bccfb9_i4 ON pgboss.j1997206f2ead9e3cded837e2103293ca96790c6d852c87f934bccfb9 USING btree (name, singleton_on, COALESCE(singleton_key, ''::text)) WHERE ((state <> 'cancelled'::pgboss.job_state) AND (singleton_on IS NOT NULL));

CREATE INDEX j1997206f2ead9e3cded837e2103293ca96790c6d852c87f934bccfb9_i5 ON pgboss.j1997206f2ead9e3cded837e2103293ca96790c6d852c87f934bccfb9 USING btree (name, start_after) INCLUDE (priority, created_on, id) WHERE (state < 'active'::pgboss.job_state);

ALTER INDEX pgboss.job_pkey ATTACH PARTITION pgboss.j1997206f2ead9e3cded837e2103293ca96790c6d852c87f934bccfb9_pkey;

ALTER TABLE ONLY pgboss.j1997206f2ead9e3cded837e2103293ca96790c6d852c87f934bccfb9
    ADD CONSTRAINT dlq_fkey FOREIGN KEY (dead_letter) REFERENCES pgboss.queue(name) ON DELETE RESTRICT DEFERRABLE INITIALLY DEFERRED;

ALTER TABLE ONLY pgboss.j1997206f2ead9e3cded837e2103293ca96790c6d852c87f934bccfb9
    ADD CONSTRAINT q_fkey FOREIGN KEY (name) REFERENCES pgboss.queue(name) ON DELETE RESTRICT DEFERRABLE INITIALLY DEFERRED;

ALTER TABLE ONLY pgboss.queue
    ADD CONSTRAINT queue_dead_letter_fkey FOREIGN KEY (dead_letter) REFERENCES pgboss.queue(name);

ALTER TABLE ONLY pgboss.schedule
    ADD CONSTRAINT schedule_name_fkey FOREIGN KEY (name) REFERENCES pgboss.queue(name) ON DELETE CASCADE;

ALTER TABLE ONLY pgboss.subscription
    ADD CONSTRAINT subscription_name_fkey FOREIGN KEY (name) REFERENCES pgboss.queue(name) ON DELETE CASCADE;

