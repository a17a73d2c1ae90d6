import type { TestApp } from '../harness';

/** Who the security tests act as: signed out, then one demo user per role. */
export interface Identity {
  name: string;
  email: string | null;
  cookie: string | null;
}

export const DEMO_ROLE_EMAILS: Record<string, string> = {
  administrator: 'admin@meridian.test',
  issuer: 'issuer@meridian.test',
  investor: 'investor@meridian.test',
  market_maker: 'marketmaker@meridian.test',
  custodian: 'custodian@meridian.test',
  compliance: 'compliance@meridian.test',
  regulator: 'regulator@meridian.test',
};

export async function signInIdentities(t: TestApp): Promise<Identity[]> {
  const identities: Identity[] = [{ name: 'signed out', email: null, cookie: null }];
  for (const [role, email] of Object.entries(DEMO_ROLE_EMAILS)) {
    identities.push({ name: role, email, cookie: await t.signIn(email) });
  }
  return identities;
}

/** A concrete URL for a route pattern: parameters get a well-formed id nobody owns, wildcards a word. */
export function concreteUrl(pattern: string, id = '00000000-0000-4000-8000-000000000000'): string {
  return pattern.replace(/:[A-Za-z_]+/g, id).replace(/\*/g, 'probe');
}
