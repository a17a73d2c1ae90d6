import { createHash } from 'node:crypto';

/**
 * The INSTANCE_NAME a member was started with: its id less the per-start suffix. The front door
 * names its servers after them (deploy/haproxy.cfg), so it is what the owner hint carries
 * (decision 0085).
 */
export function memberName(instanceId: string): string {
  return instanceId.slice(0, instanceId.lastIndexOf('-'));
}

/**
 * Which of `members` an instrument goes to by rendezvous hashing: the highest hash of
 * member/instrument wins, so every instance that knows the same members picks the same one, and a
 * member's leaving moves only its own instruments. `members[0]` wins ties and an empty score.
 */
export function rendezvous(instrumentId: string, members: readonly string[]): string {
  let best = members[0]!;
  let bestScore = '';
  for (const member of new Set(members)) {
    const score = createHash('sha1').update(`${member}/${instrumentId}`).digest('hex');
    if (score > bestScore) [best, bestScore] = [member, score];
  }
  return best;
}
