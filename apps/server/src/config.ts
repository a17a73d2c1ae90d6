import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

const booleanFlag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

const optionalUrl = z.preprocess((v) => (v === '' ? undefined : v), z.url().optional());
const optionalText = z.preprocess((v) => (v === '' ? undefined : v), z.string().optional());

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(1).max(65_535).default(5000),
  HOST: z.string().min(1).default('0.0.0.0'),
  PUBLIC_URL: optionalUrl,
  TRUSTED_ORIGINS: z.string().default(''),
  DATABASE_URL: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z
      .url()
      .refine((url) => /^postgres(ql)?:\/\//.test(url), 'must start with postgres:// or postgresql://')
      .optional(),
  ),
  DATA_DIR: z.string().min(1).default('./data'),
  DEMO_MODE: booleanFlag.default(true),
  SIMULATION_MODE: booleanFlag.default(true),
  /** Radix network and dApp definition the browser's wallet connects with when SIMULATION_MODE=false. */
  RADIX_NETWORK_ID: z.preprocess((v) => (v === '' ? undefined : v), z.coerce.number().int().min(1).max(255).optional()),
  RADIX_DAPP_DEFINITION_ADDRESS: optionalText,
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  BETTER_AUTH_SECRET: z.preprocess((v) => (v === '' ? undefined : v), z.string().min(32).optional()),
  OIDC_ISSUER_URL: optionalUrl,
  OIDC_CLIENT_ID: optionalText,
  OIDC_CLIENT_SECRET: optionalText,
  WEB_DIST_DIR: optionalText,
  TRUST_PROXY: booleanFlag.default(false),
  /** Bearer token required by GET /metrics when set. */
  METRICS_TOKEN: optionalText,
  SIGN_IN_RATE_LIMIT: z.coerce.number().int().min(1).default(20),
  /** Built-in demo liquidity provider (quotes and occasional trades); defaults to DEMO_MODE. */
  LIQUIDITY_PROVIDER: booleanFlag.optional(),
  /** Daily automatic settlement run of T+N trades, HH:MM UTC (business days). */
  SETTLEMENT_RUN_TIME: z
    .string()
    .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'must be HH:MM (UTC)')
    .default('16:00'),
  /** Custody insurance cover in USD (decimal); the custodian's Insurance control compares it with assets under custody. */
  CUSTODY_INSURANCE_COVER: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z
      .string()
      .regex(/^\d{1,15}(\.\d{1,2})?$/, 'must be a USD amount, e.g. 250000000 or 250000000.00')
      .optional(),
  ),
  /** NATS server(s) of a cluster (comma-separated): routing to book owners and market-data fan-out. */
  NATS_URL: optionalText,
  /** First token of the market-data subjects: one per deployment sharing a nats-server (default meridian). */
  NATS_SUBJECT_PREFIX: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z
      .string()
      .regex(
        /^[\w-]{1,40}(\.[\w-]{1,40}){0,3}$/,
        'must be NATS subject tokens (letters, digits, _ or -) joined by dots',
      )
      .optional(),
  ),
  /** Readable prefix of this instance's cluster id (logs, cluster_members). */
  INSTANCE_NAME: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z
      .string()
      .regex(/^[\w-]{1,40}$/)
      .optional(),
  ),
  /** Instrument lease time in a cluster (PostgreSQL): how soon a dead owner's books move. */
  CLUSTER_LEASE_MS: z.coerce.number().int().min(300).max(60_000).default(6_000),
});

// apps/web/dist, wherever the process was started from.
const DEFAULT_WEB_DIST = fileURLToPath(new URL('../../web/dist', import.meta.url));

export type Env = z.infer<typeof envSchema>;

export interface OidcConfig {
  issuerUrl: string;
  clientId: string;
  clientSecret: string;
}

export interface Config {
  nodeEnv: Env['NODE_ENV'];
  port: number;
  host: string;
  /** Origin users reach the app on; used for auth callbacks and the origin check. */
  publicUrl: string;
  /** Extra origins allowed to send state-changing requests (e.g. the Vite dev server). */
  trustedOrigins: string[];
  databaseUrl: string | undefined;
  /** `undefined` keeps PGlite in memory (tests); otherwise a directory. */
  dataDir: string | undefined;
  demoMode: boolean;
  simulationMode: boolean;
  /** Wallet connection outside simulation (both set, or absent). */
  radix?: { networkId: number; dAppDefinitionAddress: string };
  logLevel: Env['LOG_LEVEL'];
  authSecret: string;
  oidc: OidcConfig | undefined;
  webDistDir: string | undefined;
  /** Behind a reverse proxy: take client address and scheme from X-Forwarded-* headers. */
  trustProxy: boolean;
  /** Sign-in attempts allowed per client address and email within the window. */
  signInRateLimit: { max: number; windowMs: number };
  /** Run the demo liquidity provider; absent (e.g. tests) means off. */
  liquidityProvider?: boolean;
  /** Bearer token for GET /metrics; open when unset. */
  metricsToken?: string;
  /** Time (HH:MM UTC) of the daily settlement run; absent (e.g. tests) means no automatic run. */
  settlementRunTime?: string;
  /** Custody insurance cover, hundredths of USD; absent when not configured. */
  custodyInsuranceCover?: bigint;
  /** NATS server(s) of a cluster; unset on one process. */
  natsUrl?: string;
  /** First token of the market-data subjects (NATS_SUBJECT_PREFIX); the default when unset. */
  natsSubjectPrefix?: string;
  /** Instrument lease time on PostgreSQL (default 6 s, renewed every sixth: decision 0050). */
  clusterLeaseMs?: number;
  instanceName?: string;
}

export class ConfigError extends Error {}

/** Parses the environment once; throws ConfigError with one line per bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const dataDir = resolve(e.DATA_DIR);
  const oidcParts = [e.OIDC_ISSUER_URL, e.OIDC_CLIENT_ID, e.OIDC_CLIENT_SECRET];
  const oidcSet = oidcParts.filter(Boolean).length;
  if (oidcSet > 0 && oidcSet < 3) {
    throw new ConfigError(
      'Invalid configuration:\n  OIDC_ISSUER_URL, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET must be set together',
    );
  }
  return {
    nodeEnv: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    publicUrl: stripSlash(e.PUBLIC_URL ?? `http://localhost:${e.PORT}`),
    trustedOrigins: e.TRUSTED_ORIGINS.split(',')
      .map((o) => stripSlash(o.trim()))
      .filter(Boolean),
    databaseUrl: e.DATABASE_URL,
    dataDir,
    demoMode: e.DEMO_MODE,
    simulationMode: e.SIMULATION_MODE,
    radix:
      e.RADIX_NETWORK_ID !== undefined && e.RADIX_DAPP_DEFINITION_ADDRESS
        ? { networkId: e.RADIX_NETWORK_ID, dAppDefinitionAddress: e.RADIX_DAPP_DEFINITION_ADDRESS }
        : undefined,
    logLevel: e.LOG_LEVEL,
    authSecret: e.BETTER_AUTH_SECRET ?? persistedSecret(dataDir, e.DEMO_MODE),
    oidc:
      e.OIDC_ISSUER_URL && e.OIDC_CLIENT_ID && e.OIDC_CLIENT_SECRET
        ? { issuerUrl: e.OIDC_ISSUER_URL, clientId: e.OIDC_CLIENT_ID, clientSecret: e.OIDC_CLIENT_SECRET }
        : undefined,
    webDistDir: resolve(e.WEB_DIST_DIR ?? DEFAULT_WEB_DIST),
    trustProxy: e.TRUST_PROXY,
    signInRateLimit: { max: e.SIGN_IN_RATE_LIMIT, windowMs: 60_000 },
    liquidityProvider: e.LIQUIDITY_PROVIDER ?? e.DEMO_MODE,
    metricsToken: e.METRICS_TOKEN,
    settlementRunTime: e.SETTLEMENT_RUN_TIME,
    custodyInsuranceCover:
      e.CUSTODY_INSURANCE_COVER === undefined ? undefined : decimalToMinor(e.CUSTODY_INSURANCE_COVER),
    natsUrl: e.NATS_URL,
    natsSubjectPrefix: e.NATS_SUBJECT_PREFIX,
    clusterLeaseMs: e.CLUSTER_LEASE_MS,
    instanceName: e.INSTANCE_NAME,
  };
}

function decimalToMinor(amount: string): bigint {
  const [whole, fraction = ''] = amount.split('.');
  return BigInt(whole!) * 100n + BigInt(fraction.padEnd(2, '0'));
}

function stripSlash(url: string): string {
  return url.replace(/\/+$/, '');
}

// A demo install must start with zero configuration, yet sessions must survive restarts:
// generate the signing secret once and keep it beside the data.
function persistedSecret(dataDir: string, demoMode: boolean): string {
  if (!demoMode) {
    throw new ConfigError(
      'Invalid configuration:\n  BETTER_AUTH_SECRET: required when DEMO_MODE=false (32+ characters)',
    );
  }
  const file = join(dataDir, 'auth-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
