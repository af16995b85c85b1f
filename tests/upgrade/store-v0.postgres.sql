--
-- PostgreSQL database dump
--

\restrict 4fdia3500KHrZrLgRXjQZCCj86bjgihvFytpl5j9pOmgsjhgjngJ4PfPbSq1x6s

-- Dumped from database version 15.20 (Debian 15.20-0+deb12u1)
-- Dumped by pg_dump version 15.20 (Debian 15.20-0+deb12u1)

SET statement_timeout = 0;
SET lock_timeout = 0;
SET idle_in_transaction_session_timeout = 0;
SET client_encoding = 'UTF8';
SET standard_conforming_strings = on;
SELECT pg_catalog.set_config('search_path', '', false);
SET check_function_bodies = false;
SET xmloption = content;
SET client_min_messages = warning;
SET row_security = off;

--
-- Name: upgrade_fixture; Type: SCHEMA; Schema: -; Owner: -
--

CREATE SCHEMA upgrade_fixture;


SET default_tablespace = '';

SET default_table_access_method = heap;

--
-- Name: ledger_checkpoints; Type: TABLE; Schema: upgrade_fixture; Owner: -
--

CREATE TABLE upgrade_fixture.ledger_checkpoints (
    campaign_id text NOT NULL,
    "position" bigint NOT NULL,
    state bytea NOT NULL
);


--
-- Name: ledger_events; Type: TABLE; Schema: upgrade_fixture; Owner: -
--

CREATE TABLE upgrade_fixture.ledger_events (
    campaign_id text NOT NULL,
    "position" bigint NOT NULL,
    type text NOT NULL,
    version integer NOT NULL,
    data bytea NOT NULL,
    recorded_at text NOT NULL,
    actor_role text NOT NULL,
    actor_token text,
    actor_character text,
    correlation_id text NOT NULL,
    character_id text,
    session integer NOT NULL,
    scene integer NOT NULL,
    hash text NOT NULL,
    gid bigint NOT NULL,
    tx xid8 DEFAULT pg_current_xact_id() NOT NULL
);


--
-- Name: ledger_events_gid_seq; Type: SEQUENCE; Schema: upgrade_fixture; Owner: -
--

CREATE SEQUENCE upgrade_fixture.ledger_events_gid_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;


--
-- Name: ledger_events_gid_seq; Type: SEQUENCE OWNED BY; Schema: upgrade_fixture; Owner: -
--

ALTER SEQUENCE upgrade_fixture.ledger_events_gid_seq OWNED BY upgrade_fixture.ledger_events.gid;


--
-- Name: ledger_idempotency; Type: TABLE; Schema: upgrade_fixture; Owner: -
--

CREATE TABLE upgrade_fixture.ledger_idempotency (
    scope text NOT NULL,
    key text NOT NULL,
    fingerprint text NOT NULL,
    status integer NOT NULL,
    body bytea NOT NULL,
    campaign_id text,
    "position" bigint
);


--
-- Name: ledger_projection_tracking; Type: TABLE; Schema: upgrade_fixture; Owner: -
--

CREATE TABLE upgrade_fixture.ledger_projection_tracking (
    name text NOT NULL,
    tx bigint NOT NULL,
    seq bigint NOT NULL,
    updated_at text
);


--
-- Name: ledger_runner_heartbeats; Type: TABLE; Schema: upgrade_fixture; Owner: -
--

CREATE TABLE upgrade_fixture.ledger_runner_heartbeats (
    name text NOT NULL,
    pid integer NOT NULL,
    host text NOT NULL,
    started_at text NOT NULL,
    beat_at text NOT NULL
);


--
-- Name: ledger_seeds; Type: TABLE; Schema: upgrade_fixture; Owner: -
--

CREATE TABLE upgrade_fixture.ledger_seeds (
    campaign_id text NOT NULL,
    epoch integer NOT NULL,
    sealed bytea NOT NULL
);


--
-- Name: ledger_tokens; Type: TABLE; Schema: upgrade_fixture; Owner: -
--

CREATE TABLE upgrade_fixture.ledger_tokens (
    id text NOT NULL,
    campaign_id text NOT NULL,
    role text NOT NULL,
    character_id text,
    label text NOT NULL,
    secret_hash text NOT NULL,
    created_at text NOT NULL,
    revoked_at text,
    lineage text,
    replaces text,
    issuer_role text,
    issuer_token text
);


--
-- Name: ledger_tree_nodes; Type: TABLE; Schema: upgrade_fixture; Owner: -
--

CREATE TABLE upgrade_fixture.ledger_tree_nodes (
    campaign_id text NOT NULL,
    level integer NOT NULL,
    idx bigint NOT NULL,
    hash bytea NOT NULL
);


--
-- Name: ledger_webhook_attempts; Type: TABLE; Schema: upgrade_fixture; Owner: -
--

CREATE TABLE upgrade_fixture.ledger_webhook_attempts (
    delivery_id text NOT NULL,
    attempt integer NOT NULL,
    webhook_id text NOT NULL,
    at text NOT NULL,
    http_status integer,
    error text,
    duration_ms integer NOT NULL
);


--
-- Name: ledger_webhook_deliveries; Type: TABLE; Schema: upgrade_fixture; Owner: -
--

CREATE TABLE upgrade_fixture.ledger_webhook_deliveries (
    id text NOT NULL,
    webhook_id text NOT NULL,
    campaign_id text NOT NULL,
    "position" bigint NOT NULL,
    event_type text NOT NULL,
    status text NOT NULL,
    attempts integer DEFAULT 0 NOT NULL,
    next_attempt_at text NOT NULL,
    lease_until text,
    last_status integer,
    last_error text,
    created_at text NOT NULL,
    delivered_at text
);


--
-- Name: ledger_webhooks; Type: TABLE; Schema: upgrade_fixture; Owner: -
--

CREATE TABLE upgrade_fixture.ledger_webhooks (
    id text NOT NULL,
    campaign_id text NOT NULL,
    url text NOT NULL,
    types text NOT NULL,
    sealed_secret bytea NOT NULL,
    after_position bigint NOT NULL,
    created_at text NOT NULL,
    deleted_at text,
    activated_at text
);


--
-- Name: ledger_events gid; Type: DEFAULT; Schema: upgrade_fixture; Owner: -
--

ALTER TABLE ONLY upgrade_fixture.ledger_events ALTER COLUMN gid SET DEFAULT nextval('upgrade_fixture.ledger_events_gid_seq'::regclass);


--
-- Data for Name: ledger_checkpoints; Type: TABLE DATA; Schema: upgrade_fixture; Owner: -
--



--
-- Data for Name: ledger_events; Type: TABLE DATA; Schema: upgrade_fixture; Owner: -
--

INSERT INTO upgrade_fixture.ledger_events VALUES ('cmp_29868fe07eeb4367bd4c', 1, 'CampaignCreated', 1, '\x7b226368617261637465725f6964223a6e756c6c2c226e616d65223a2255706772616465222c2273657474696e6773223a7b2268656c706c6573735f706f696e7473223a342c226175746f5f6261636b6c6173685f6f7665725f726573697374616e63655f35223a747275652c226d61785f646963655f7065725f726f6c6c223a3130302c226d616e615f7265636f76657279223a226e6f6e65222c226d616e615f7265636f766572795f616d6f756e74223a307d2c22646963655f65706f6368223a302c22646963655f636f6d6d69746d656e74223a2234313338323631383437396239626635343936656634623636373163396339613765613962633335666231633932643366336364633064633338646362623765227d', '2026-12-01T19:58:16.937828Z', 'anonymous', NULL, NULL, 'cor_3958270ef3d0416aa24a', NULL, 0, 0, '07ca2512fd184b398fe2b236957e687e2f7f2259a838e39ee0a914d5e1ddfeac', 1, '729');
INSERT INTO upgrade_fixture.ledger_events VALUES ('cmp_29868fe07eeb4367bd4c', 2, 'CharacterRegistered', 1, '\x7b226368617261637465725f6964223a226368725f31383563323463373665333634613630222c227368656574223a7b226e616d65223a224d617261222c226d616e61223a7b2263757272656e74223a31322c226d6178223a31327d7d7d', '2026-12-01T19:58:16.995638Z', 'gm', 'tok3e1ca9f01d7440ff', NULL, 'cor_d068c391e9014ff595ac', 'chr_185c24c76e364a60', 0, 0, '3fb33e40ee61c1a5defcdca16d8b31f265660dcc073efeaad4d1c223174ef867', 2, '730');
INSERT INTO upgrade_fixture.ledger_events VALUES ('cmp_29868fe07eeb4367bd4c', 3, 'ResourceSpent', 1, '\x7b226368617261637465725f6964223a226368725f31383563323463373665333634613630222c227265736f75726365223a226d616e61222c22616d6f756e74223a312c226265666f7265223a31322c226166746572223a31312c22726561736f6e223a227469636b227d', '2026-12-01T19:58:17.031490Z', 'gm', 'tok3e1ca9f01d7440ff', NULL, 'cor_393608e740f34b09a4a3', 'chr_185c24c76e364a60', 0, 0, 'df5699bcc3b40ba11f32c0d32c854792efdf5cb6db162a322c7fe5cb795fb35b', 3, '732');
INSERT INTO upgrade_fixture.ledger_events VALUES ('cmp_29868fe07eeb4367bd4c', 4, 'ResourceSpent', 1, '\x7b226368617261637465725f6964223a226368725f31383563323463373665333634613630222c227265736f75726365223a226d616e61222c22616d6f756e74223a312c226265666f7265223a31312c226166746572223a31302c22726561736f6e223a227469636b227d', '2026-12-01T19:58:17.075484Z', 'gm', 'tok3e1ca9f01d7440ff', NULL, 'cor_7cd992c55d4a4afd917e', 'chr_185c24c76e364a60', 0, 0, 'b8a1e306c5ba17ff90ff1763be6446bf96fd0f42f4b258b52f1f88536d32daa3', 4, '734');
INSERT INTO upgrade_fixture.ledger_events VALUES ('cmp_29868fe07eeb4367bd4c', 5, 'ResourceSpent', 1, '\x7b226368617261637465725f6964223a226368725f31383563323463373665333634613630222c227265736f75726365223a226d616e61222c22616d6f756e74223a312c226265666f7265223a31302c226166746572223a392c22726561736f6e223a227469636b227d', '2026-12-01T19:58:17.117967Z', 'gm', 'tok3e1ca9f01d7440ff', NULL, 'cor_784a5edada20418a8bef', 'chr_185c24c76e364a60', 0, 0, '9677f0f4780ff3cdcee165ffd37400a01953b314018da1f314d0db195a7eead4', 5, '736');
INSERT INTO upgrade_fixture.ledger_events VALUES ('cmp_29868fe07eeb4367bd4c', 6, 'ResourceSpent', 1, '\x7b226368617261637465725f6964223a226368725f31383563323463373665333634613630222c227265736f75726365223a226d616e61222c22616d6f756e74223a312c226265666f7265223a392c226166746572223a382c22726561736f6e223a227469636b227d', '2026-12-01T19:58:17.149467Z', 'gm', 'tok3e1ca9f01d7440ff', NULL, 'cor_9616b65563e140eca67b', 'chr_185c24c76e364a60', 0, 0, '3ad652dd240d429d84ea2e54084faf5bd6b38104120da7c5427d81957c6dc23f', 6, '738');
INSERT INTO upgrade_fixture.ledger_events VALUES ('cmp_29868fe07eeb4367bd4c', 7, 'ResourceSpent', 1, '\x7b226368617261637465725f6964223a226368725f31383563323463373665333634613630222c227265736f75726365223a226d616e61222c22616d6f756e74223a312c226265666f7265223a382c226166746572223a372c22726561736f6e223a227469636b227d', '2026-12-01T19:58:17.185869Z', 'gm', 'tok3e1ca9f01d7440ff', NULL, 'cor_76e3ce7644834fab9285', 'chr_185c24c76e364a60', 0, 0, '389f742ca062b4323ab15524e61181e212c3120d253cbfea217d18518d7252b2', 7, '740');
INSERT INTO upgrade_fixture.ledger_events VALUES ('cmp_29868fe07eeb4367bd4c', 8, 'ResourceSpent', 1, '\x7b226368617261637465725f6964223a226368725f31383563323463373665333634613630222c227265736f75726365223a226d616e61222c22616d6f756e74223a312c226265666f7265223a372c226166746572223a362c22726561736f6e223a227469636b227d', '2026-12-01T19:58:17.225934Z', 'gm', 'tok3e1ca9f01d7440ff', NULL, 'cor_7f596f6b730444a2992c', 'chr_185c24c76e364a60', 0, 0, 'a6739f75ef85e9f830ebc1380711c775551b42c7f401456ea49fff4b815e6102', 8, '742');
INSERT INTO upgrade_fixture.ledger_events VALUES ('cmp_29868fe07eeb4367bd4c', 9, 'ResourceSpent', 1, '\x7b226368617261637465725f6964223a226368725f31383563323463373665333634613630222c227265736f75726365223a226d616e61222c22616d6f756e74223a312c226265666f7265223a362c226166746572223a352c22726561736f6e223a227469636b227d', '2026-12-01T19:58:17.256040Z', 'gm', 'tok3e1ca9f01d7440ff', NULL, 'cor_d4fa8d6feca2488aab35', 'chr_185c24c76e364a60', 0, 0, '1345a233aae76b5c37d00cfcbf364b0a0520ec809d60a06d339dcd7dee6d06d8', 9, '744');
INSERT INTO upgrade_fixture.ledger_events VALUES ('cmp_29868fe07eeb4367bd4c', 10, 'ResourceSpent', 1, '\x7b226368617261637465725f6964223a226368725f31383563323463373665333634613630222c227265736f75726365223a226d616e61222c22616d6f756e74223a312c226265666f7265223a352c226166746572223a342c22726561736f6e223a227469636b227d', '2026-12-01T19:58:17.292886Z', 'gm', 'tok3e1ca9f01d7440ff', NULL, 'cor_4f19ce02e7b347338b2f', 'chr_185c24c76e364a60', 0, 0, '503991eaffac7ba06f2864b91f4ad171fee3959f0372519dac889fb7adfc3660', 10, '746');
INSERT INTO upgrade_fixture.ledger_events VALUES ('cmp_29868fe07eeb4367bd4c', 11, 'ResourceSpent', 1, '\x7b226368617261637465725f6964223a226368725f31383563323463373665333634613630222c227265736f75726365223a226d616e61222c22616d6f756e74223a312c226265666f7265223a342c226166746572223a332c22726561736f6e223a227469636b227d', '2026-12-01T19:58:17.329866Z', 'gm', 'tok3e1ca9f01d7440ff', NULL, 'cor_44aa35bdbbb44edfb586', 'chr_185c24c76e364a60', 0, 0, '17ebf3ba8dd160dcca8c264986b9d735f2185f9c6c16b67c269d039e5ec84e31', 11, '748');
INSERT INTO upgrade_fixture.ledger_events VALUES ('cmp_29868fe07eeb4367bd4c', 12, 'ResourceSpent', 1, '\x7b226368617261637465725f6964223a226368725f31383563323463373665333634613630222c227265736f75726365223a226d616e61222c22616d6f756e74223a312c226265666f7265223a332c226166746572223a322c22726561736f6e223a227469636b227d', '2026-12-01T19:58:17.361456Z', 'gm', 'tok3e1ca9f01d7440ff', NULL, 'cor_0fe5a05889c74ce3a48a', 'chr_185c24c76e364a60', 0, 0, '883f1ee95d4fbe0396a958751743aa8b9d16465866b42b75f4bacb6fe28695f7', 12, '750');
INSERT INTO upgrade_fixture.ledger_events VALUES ('cmp_29868fe07eeb4367bd4c', 13, 'ResourceSpent', 1, '\x7b226368617261637465725f6964223a226368725f31383563323463373665333634613630222c227265736f75726365223a226d616e61222c22616d6f756e74223a322c226265666f7265223a322c226166746572223a302c22726561736f6e223a22227d', '2026-12-01T19:58:17.378942Z', 'gm', 'tok3e1ca9f01d7440ff', NULL, 'cor_81ad2985d3794e40a351', 'chr_185c24c76e364a60', 0, 0, 'f707f099d670491ba6a86add17ae225d5820bed8f45a0ffd7fc720a588cf7a65', 13, '751');


--
-- Data for Name: ledger_idempotency; Type: TABLE DATA; Schema: upgrade_fixture; Owner: -
--

INSERT INTO upgrade_fixture.ledger_idempotency VALUES ('anonymous', 'sha256:0a83477e096c8cf09b112d2e82981237e8772bc7c1cf4880b8c6d9f36e57eea6', '6ba98020cc1124182d68de3db161071f670998119b760cb8ad5bba1af8078a74', 201, '\x7b226964223a22636d705f3239383638666530376565623433363762643463222c22676d5f746f6b656e5f6964223a22746f6b33653163613966303164373434306666222c22676d5f746f6b656e223a6e756c6c2c22706f736974696f6e223a312c226576656e7473223a5b7b22706f736974696f6e223a312c2274797065223a2243616d706169676e43726561746564222c2276657273696f6e223a312c2264617461223a7b226368617261637465725f6964223a6e756c6c2c226e616d65223a2255706772616465222c2273657474696e6773223a7b2268656c706c6573735f706f696e7473223a342c226175746f5f6261636b6c6173685f6f7665725f726573697374616e63655f35223a747275652c226d61785f646963655f7065725f726f6c6c223a3130302c226d616e615f7265636f76657279223a226e6f6e65222c226d616e615f7265636f766572795f616d6f756e74223a307d2c22646963655f65706f6368223a302c22646963655f636f6d6d69746d656e74223a2234313338323631383437396239626635343936656634623636373163396339613765613962633335666231633932643366336364633064633338646362623765227d2c227265636f726465645f6174223a22323032362d31322d30315431393a35383a31362e3933373832385a222c226163746f72223a7b22726f6c65223a22616e6f6e796d6f7573222c22746f6b656e5f6964223a6e756c6c2c226368617261637465725f6964223a6e756c6c7d2c22636f7272656c6174696f6e5f6964223a22636f725f3339353832373065663364303431366161323461222c226368617261637465725f6964223a6e756c6c2c2273657373696f6e223a302c227363656e65223a302c2268617368223a2230376361323531326664313834623339386665326232333639353765363837653266376632323539613833386533396565306139313464356531646466656163227d5d2c227374617465223a7b226964223a22636d705f3239383638666530376565623433363762643463222c226e616d65223a2255706772616465222c2273657474696e6773223a7b2268656c706c6573735f706f696e7473223a342c226175746f5f6261636b6c6173685f6f7665725f726573697374616e63655f35223a747275652c226d61785f646963655f7065725f726f6c6c223a3130302c226d616e615f7265636f76657279223a226e6f6e65222c226d616e615f7265636f766572795f616d6f756e74223a307d2c22636c6f636b223a7b2273657373696f6e223a302c2273657373696f6e5f6f70656e223a66616c73652c227363656e65223a302c227363656e655f6f70656e223a66616c73652c22646179223a312c226d696e75746573223a302c226c6173745f6d61726b6572223a6e756c6c2c226c6173745f6d61726b65725f646179223a6e756c6c7d2c22706f736974696f6e223a312c22686561645f68617368223a2230376361323531326664313834623339386665326232333639353765363837653266376632323539613833386533396565306139313464356531646466656163222c2264696365223a7b2265706f6368223a302c22636f6d6d69746d656e74223a2234313338323631383437396239626635343936656634623636373163396339613765613962633335666231633932643366336364633064633338646362623765227d7d7d', 'cmp_29868fe07eeb4367bd4c', 1);
INSERT INTO upgrade_fixture.ledger_idempotency VALUES ('tok3e1ca9f01d7440ff', 'spend-1', '21d4aadac73cd866f8b0eef7b47a1764993a136861c5c272d0b2d6086efd0cb5', 200, '\x7b22706f736974696f6e223a31332c226576656e7473223a5b7b22706f736974696f6e223a31332c2274797065223a225265736f757263655370656e74222c2276657273696f6e223a312c2264617461223a7b226368617261637465725f6964223a226368725f31383563323463373665333634613630222c227265736f75726365223a226d616e61222c22616d6f756e74223a322c226265666f7265223a322c226166746572223a302c22726561736f6e223a22227d2c227265636f726465645f6174223a22323032362d31322d30315431393a35383a31372e3337383934325a222c226163746f72223a7b22726f6c65223a22676d222c22746f6b656e5f6964223a22746f6b33653163613966303164373434306666222c226368617261637465725f6964223a6e756c6c7d2c22636f7272656c6174696f6e5f6964223a22636f725f3831616432393835643337393465343061333531222c226368617261637465725f6964223a226368725f31383563323463373665333634613630222c2273657373696f6e223a302c227363656e65223a302c2268617368223a2266373037663039396436373034393162613661383661646431376165323235643538323062656438663435613066666437666337323061353838636637613635227d5d2c227374617465223a7b226964223a226368725f31383563323463373665333634613630222c226e616d65223a224d617261222c226c6576656c223a312c226162696c6974696573223a7b7d2c226d616769635f6162696c697479223a6e756c6c2c22666f6375736573223a5b5d2c2261747472696275746573223a7b7d2c226d6f64696669657273223a7b7d2c22736b696c6c73223a7b7d2c226564676573223a5b5d2c22747261697473223a5b5d2c227370656369616c697a6174696f6e73223a5b5d2c2274616c656e7473223a5b5d2c226772616365645f61727473223a5b5d2c226172745f706f696e7473223a302c22746f7567686e657373223a302c2261726d6f72223a302c227370656564223a31302c226865616c7468223a7b2263757272656e74223a31302c226d6178223a31307d2c226d616e61223a7b2263757272656e74223a302c226d6178223a31327d2c22636f6e76696374696f6e223a7b2263757272656e74223a302c226d6178223a307d2c2273747261696e223a7b2263757272656e74223a302c227065726d616e656e74223a302c226d6178223a31307d2c22637962657277617265223a5b5d2c22636f6e646974696f6e73223a5b5d2c226d6f76656d656e74223a6e756c6c2c226479696e67223a66616c73652c22756e636f6e7363696f7573223a66616c73652c2264656164223a66616c73652c226b6e6f636b6f757473223a5b5d2c226d616e615f7265636f766572795f6c696d6974223a302c226d616e615f7265636f766572795f70726f6772657373223a302c226261636b6c617368223a7b2274656d706f72617279223a302c227065726d616e656e74223a302c227065726d616e656e745f736f7572636573223a5b5d2c2263686f696365223a6e756c6c2c226f776564223a5b5d2c22636f6e73657175656e6365735f647565223a6e756c6c2c226861726d223a307d2c226566666f7274223a7b22636f6d6d69746d656e7473223a5b5d7d2c226d616769635f7465737473223a7b226661696c757265223a6e756c6c2c2263617272696564223a307d2c2273747261696e5f657874726173223a7b22757365735f746f646179223a7b7d2c22757365735f746869735f7363656e65223a7b7d2c22646179223a302c227363656e65223a22222c22756e636f6e7363696f75735f756e74696c223a6e756c6c7d2c227370656c6c73223a7b227072657061726564223a5b5d2c2270726570617265645f646179223a6e756c6c2c2263616e5f70726570617265223a747275657d2c2270656e64696e67223a5b5d7d7d', 'cmp_29868fe07eeb4367bd4c', 13);


--
-- Data for Name: ledger_projection_tracking; Type: TABLE DATA; Schema: upgrade_fixture; Owner: -
--



--
-- Data for Name: ledger_runner_heartbeats; Type: TABLE DATA; Schema: upgrade_fixture; Owner: -
--



--
-- Data for Name: ledger_seeds; Type: TABLE DATA; Schema: upgrade_fixture; Owner: -
--

INSERT INTO upgrade_fixture.ledger_seeds VALUES ('cmp_29868fe07eeb4367bd4c', 0, '\xdf994488c040ab7b40ae84441d80acd21c114b5df285d50c8037846626333f61a7b60b16a473ed8658d9140ea5e6cd000bf25eb9143cc16fe4491f94');


--
-- Data for Name: ledger_tokens; Type: TABLE DATA; Schema: upgrade_fixture; Owner: -
--

INSERT INTO upgrade_fixture.ledger_tokens VALUES ('tok3e1ca9f01d7440ff', 'cmp_29868fe07eeb4367bd4c', 'gm', NULL, 'GM', '4fc9283d7c4010e16c75aed63f72637e5a18bec6486e0f855d986b6a1ac143a8', '2026-12-01T19:58:16.927939Z', NULL, 'tok3e1ca9f01d7440ff', NULL, 'anonymous', NULL);
INSERT INTO upgrade_fixture.ledger_tokens VALUES ('toked112b0e7d0e4b87', 'cmp_29868fe07eeb4367bd4c', 'player', 'chr_185c24c76e364a60', 'phone', '6a4b78cea5ad9d6ccc6a4d1d1f68efbf8d0979629e3731f9fac079a8635bde5b', '2026-12-01T19:58:17.413818Z', '2026-12-01T19:58:17.456328Z', 'toked112b0e7d0e4b87', NULL, 'gm', 'tok3e1ca9f01d7440ff');
INSERT INTO upgrade_fixture.ledger_tokens VALUES ('tok2f15cea9c73c4b7d', 'cmp_29868fe07eeb4367bd4c', 'player', 'chr_185c24c76e364a60', 'phone', '782d331a901e74cb8d8f7e59075e39c1c9b7dc93c536e34cc2dbd1cc883d397c', '2026-12-01T19:58:17.456328Z', NULL, 'toked112b0e7d0e4b87', 'toked112b0e7d0e4b87', 'gm', 'tok3e1ca9f01d7440ff');


--
-- Data for Name: ledger_tree_nodes; Type: TABLE DATA; Schema: upgrade_fixture; Owner: -
--

INSERT INTO upgrade_fixture.ledger_tree_nodes VALUES ('cmp_29868fe07eeb4367bd4c', 0, 0, '\x32b2da813f952d9e376e06cb7967c9d97cc3193cdde53cca48f660c69da6b00f');
INSERT INTO upgrade_fixture.ledger_tree_nodes VALUES ('cmp_29868fe07eeb4367bd4c', 0, 1, '\x3449846795cb188fe47bb5c28f51a689537fac8daf133a3e29156dc4d2d0c5a3');
INSERT INTO upgrade_fixture.ledger_tree_nodes VALUES ('cmp_29868fe07eeb4367bd4c', 1, 0, '\x6f864d803361c3cb23be0e580ac497f99737997c127d520bb5eddee6aff363ea');
INSERT INTO upgrade_fixture.ledger_tree_nodes VALUES ('cmp_29868fe07eeb4367bd4c', 0, 2, '\x2c398686d5d6e5bad07b4b14fe72c3a9894294658f357b40f1d368f35c592d1e');
INSERT INTO upgrade_fixture.ledger_tree_nodes VALUES ('cmp_29868fe07eeb4367bd4c', 0, 3, '\xb66b6c48f62dc0f58815b8a0ab01cb51e2c27e2436277e07191f523b9b9550ef');
INSERT INTO upgrade_fixture.ledger_tree_nodes VALUES ('cmp_29868fe07eeb4367bd4c', 1, 1, '\x5cc684de63d06b9744911f29ab2cf26f9448821703c2ab8c3dc97dd8a4f0c1f4');
INSERT INTO upgrade_fixture.ledger_tree_nodes VALUES ('cmp_29868fe07eeb4367bd4c', 2, 0, '\x3ce409aaec15720c4133e48c51b5755b07258dd8b013848e1253a2c3b9db0e3b');
INSERT INTO upgrade_fixture.ledger_tree_nodes VALUES ('cmp_29868fe07eeb4367bd4c', 0, 4, '\x8575e499bd47ffbb6261ce1690ff1e1b272ef5413cfbceddf58d775515511fd6');
INSERT INTO upgrade_fixture.ledger_tree_nodes VALUES ('cmp_29868fe07eeb4367bd4c', 0, 5, '\x008863cca9c0567e343a51d76b3c8e97b4f23fbf41a9221b31b478b4e76caf23');
INSERT INTO upgrade_fixture.ledger_tree_nodes VALUES ('cmp_29868fe07eeb4367bd4c', 1, 2, '\x3ef367786b11243d19485414e595637d329e1a9642572f762c2b82e78f70d0f1');
INSERT INTO upgrade_fixture.ledger_tree_nodes VALUES ('cmp_29868fe07eeb4367bd4c', 0, 6, '\x6f70ab439c0b5274a3565100276b7fc40ceac0d5d29c4a56475aa63c675a9b39');
INSERT INTO upgrade_fixture.ledger_tree_nodes VALUES ('cmp_29868fe07eeb4367bd4c', 0, 7, '\x51490917213d25152d537387fea156a3c112a2aba5073520a11be856f299dad6');
INSERT INTO upgrade_fixture.ledger_tree_nodes VALUES ('cmp_29868fe07eeb4367bd4c', 1, 3, '\xad16444c753291ae5349fb149450b2469b34f7b2af348820c33832d7739a4443');
INSERT INTO upgrade_fixture.ledger_tree_nodes VALUES ('cmp_29868fe07eeb4367bd4c', 2, 1, '\x1253153bf4c31efc248373194ae69d9ff3fc43241ae92cb3c18db8685bef6e77');
INSERT INTO upgrade_fixture.ledger_tree_nodes VALUES ('cmp_29868fe07eeb4367bd4c', 3, 0, '\xe171506d0c4bd70e0c062188f3e61609d3aebe5e0cd66e6b62775432e62859f2');
INSERT INTO upgrade_fixture.ledger_tree_nodes VALUES ('cmp_29868fe07eeb4367bd4c', 0, 8, '\xbc772e5a063654462b5d41691635970944b8363b5702709a99d84d3c7c87f703');
INSERT INTO upgrade_fixture.ledger_tree_nodes VALUES ('cmp_29868fe07eeb4367bd4c', 0, 9, '\xf785b90beccfd4a67f81a0a2abd11959dafbb7c2bad3bb8e23e6b9f92ae251f4');
INSERT INTO upgrade_fixture.ledger_tree_nodes VALUES ('cmp_29868fe07eeb4367bd4c', 1, 4, '\x6adcd17d0dcd88342dcd889fffc003e11099621d3eebe8b3f693e07e24082af6');
INSERT INTO upgrade_fixture.ledger_tree_nodes VALUES ('cmp_29868fe07eeb4367bd4c', 0, 10, '\xa528c5a78b51c349b506aa04aab91765ee79400ce3669bf9ec9a4474ea4eeebe');
INSERT INTO upgrade_fixture.ledger_tree_nodes VALUES ('cmp_29868fe07eeb4367bd4c', 0, 11, '\x6117474f7f01672a56f42b49071c34b605fa57cfc14054cee3962e17b7312d16');
INSERT INTO upgrade_fixture.ledger_tree_nodes VALUES ('cmp_29868fe07eeb4367bd4c', 1, 5, '\xc78e38e22bd7a55ccc3f76ed88cc39aaaa7be8879eb588edc0c36ce155be0564');
INSERT INTO upgrade_fixture.ledger_tree_nodes VALUES ('cmp_29868fe07eeb4367bd4c', 2, 2, '\x0398c1340b422c96be64a28e57647ec807631e8ef5bc5d6cb308228fb5745c0d');
INSERT INTO upgrade_fixture.ledger_tree_nodes VALUES ('cmp_29868fe07eeb4367bd4c', 0, 12, '\xdc3b94eb43e5ebb914026d5eac743bf450259444321ddc242f91109e1cdb5788');


--
-- Data for Name: ledger_webhook_attempts; Type: TABLE DATA; Schema: upgrade_fixture; Owner: -
--

INSERT INTO upgrade_fixture.ledger_webhook_attempts VALUES ('dlv_daf721b6e6c445928900', 1, 'whk_85d1cb0867eb4290', '2026-01-01T00:00:01Z', 500, NULL, 12);


--
-- Data for Name: ledger_webhook_deliveries; Type: TABLE DATA; Schema: upgrade_fixture; Owner: -
--

INSERT INTO upgrade_fixture.ledger_webhook_deliveries VALUES ('dlv_daf721b6e6c445928900', 'whk_85d1cb0867eb4290', 'cmp_29868fe07eeb4367bd4c', 2, 'CharacterCreated', 'pending', 1, '2026-01-01T00:01:00Z', NULL, 500, NULL, '2026-01-01T00:00:00Z', NULL);


--
-- Data for Name: ledger_webhooks; Type: TABLE DATA; Schema: upgrade_fixture; Owner: -
--

INSERT INTO upgrade_fixture.ledger_webhooks VALUES ('whk_85d1cb0867eb4290', 'cmp_29868fe07eeb4367bd4c', 'https://example.test/in', '["*"]', '\xaaff210991927695c0e3006d6ab4eb0c630a889c3347c8667d3390eab7b1a1725da6ccc4d2abb2902e169ba5a9004c95c63c6a62018c92ff6fa5d4ae79ab15b73232f2f313a0c1721c663138f4584011ae16', 13, '2026-12-01T19:58:17.493753Z', NULL, NULL);


--
-- Name: ledger_events_gid_seq; Type: SEQUENCE SET; Schema: upgrade_fixture; Owner: -
--

SELECT pg_catalog.setval('upgrade_fixture.ledger_events_gid_seq', 13, true);


--
-- Name: ledger_checkpoints ledger_checkpoints_pkey; Type: CONSTRAINT; Schema: upgrade_fixture; Owner: -
--

ALTER TABLE ONLY upgrade_fixture.ledger_checkpoints
    ADD CONSTRAINT ledger_checkpoints_pkey PRIMARY KEY (campaign_id, "position");


--
-- Name: ledger_events ledger_events_pkey; Type: CONSTRAINT; Schema: upgrade_fixture; Owner: -
--

ALTER TABLE ONLY upgrade_fixture.ledger_events
    ADD CONSTRAINT ledger_events_pkey PRIMARY KEY (campaign_id, "position");


--
-- Name: ledger_idempotency ledger_idempotency_pkey; Type: CONSTRAINT; Schema: upgrade_fixture; Owner: -
--

ALTER TABLE ONLY upgrade_fixture.ledger_idempotency
    ADD CONSTRAINT ledger_idempotency_pkey PRIMARY KEY (scope, key);


--
-- Name: ledger_projection_tracking ledger_projection_tracking_pkey; Type: CONSTRAINT; Schema: upgrade_fixture; Owner: -
--

ALTER TABLE ONLY upgrade_fixture.ledger_projection_tracking
    ADD CONSTRAINT ledger_projection_tracking_pkey PRIMARY KEY (name);


--
-- Name: ledger_runner_heartbeats ledger_runner_heartbeats_pkey; Type: CONSTRAINT; Schema: upgrade_fixture; Owner: -
--

ALTER TABLE ONLY upgrade_fixture.ledger_runner_heartbeats
    ADD CONSTRAINT ledger_runner_heartbeats_pkey PRIMARY KEY (name);


--
-- Name: ledger_seeds ledger_seeds_pkey; Type: CONSTRAINT; Schema: upgrade_fixture; Owner: -
--

ALTER TABLE ONLY upgrade_fixture.ledger_seeds
    ADD CONSTRAINT ledger_seeds_pkey PRIMARY KEY (campaign_id, epoch);


--
-- Name: ledger_tokens ledger_tokens_pkey; Type: CONSTRAINT; Schema: upgrade_fixture; Owner: -
--

ALTER TABLE ONLY upgrade_fixture.ledger_tokens
    ADD CONSTRAINT ledger_tokens_pkey PRIMARY KEY (id);


--
-- Name: ledger_tokens ledger_tokens_secret_hash_key; Type: CONSTRAINT; Schema: upgrade_fixture; Owner: -
--

ALTER TABLE ONLY upgrade_fixture.ledger_tokens
    ADD CONSTRAINT ledger_tokens_secret_hash_key UNIQUE (secret_hash);


--
-- Name: ledger_tree_nodes ledger_tree_nodes_pkey; Type: CONSTRAINT; Schema: upgrade_fixture; Owner: -
--

ALTER TABLE ONLY upgrade_fixture.ledger_tree_nodes
    ADD CONSTRAINT ledger_tree_nodes_pkey PRIMARY KEY (campaign_id, level, idx);


--
-- Name: ledger_webhook_attempts ledger_webhook_attempts_pkey; Type: CONSTRAINT; Schema: upgrade_fixture; Owner: -
--

ALTER TABLE ONLY upgrade_fixture.ledger_webhook_attempts
    ADD CONSTRAINT ledger_webhook_attempts_pkey PRIMARY KEY (delivery_id, attempt);


--
-- Name: ledger_webhook_deliveries ledger_webhook_deliveries_pkey; Type: CONSTRAINT; Schema: upgrade_fixture; Owner: -
--

ALTER TABLE ONLY upgrade_fixture.ledger_webhook_deliveries
    ADD CONSTRAINT ledger_webhook_deliveries_pkey PRIMARY KEY (id);


--
-- Name: ledger_webhook_deliveries ledger_webhook_deliveries_webhook_id_position_key; Type: CONSTRAINT; Schema: upgrade_fixture; Owner: -
--

ALTER TABLE ONLY upgrade_fixture.ledger_webhook_deliveries
    ADD CONSTRAINT ledger_webhook_deliveries_webhook_id_position_key UNIQUE (webhook_id, "position");


--
-- Name: ledger_webhooks ledger_webhooks_pkey; Type: CONSTRAINT; Schema: upgrade_fixture; Owner: -
--

ALTER TABLE ONLY upgrade_fixture.ledger_webhooks
    ADD CONSTRAINT ledger_webhooks_pkey PRIMARY KEY (id);


--
-- Name: ledger_events_character; Type: INDEX; Schema: upgrade_fixture; Owner: -
--

CREATE INDEX ledger_events_character ON upgrade_fixture.ledger_events USING btree (campaign_id, character_id, "position");


--
-- Name: ledger_events_global; Type: INDEX; Schema: upgrade_fixture; Owner: -
--

CREATE INDEX ledger_events_global ON upgrade_fixture.ledger_events USING btree (tx, gid);


--
-- Name: ledger_events_time; Type: INDEX; Schema: upgrade_fixture; Owner: -
--

CREATE INDEX ledger_events_time ON upgrade_fixture.ledger_events USING btree (campaign_id, recorded_at);


--
-- Name: ledger_webhook_deliveries_due; Type: INDEX; Schema: upgrade_fixture; Owner: -
--

CREATE INDEX ledger_webhook_deliveries_due ON upgrade_fixture.ledger_webhook_deliveries USING btree (status, webhook_id, "position");


--
-- Name: ledger_webhooks_campaign; Type: INDEX; Schema: upgrade_fixture; Owner: -
--

CREATE INDEX ledger_webhooks_campaign ON upgrade_fixture.ledger_webhooks USING btree (campaign_id);


--
-- PostgreSQL database dump complete
--

\unrestrict 4fdia3500KHrZrLgRXjQZCCj86bjgihvFytpl5j9pOmgsjhgjngJ4PfPbSq1x6s

