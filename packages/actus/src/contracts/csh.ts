import { newEvent, type ContractModule, type EngineEvent } from '../engine/types.js';
import { roleSign } from '../engine/role.js';
import { isAfter, isBefore, sortEvents } from '../engine/sequence.js';

/** CSH: a cash position. It has no scheduled events; observed monitoring (AD) events report its state. */
export const csh: ContractModule = {
  contractType: 'CSH',
  evaluate(terms, ctx) {
    const notional = roleSign(terms.contractRole) * (terms.notionalPrincipal ?? 0);
    const events: EngineEvent[] = [];
    for (const o of ctx.observedEvents) {
      if (o.type !== 'AD' || (o.contractId !== '' && o.contractId !== terms.contractID)) continue;
      const e = newEvent(o.time, o.time, 'AD', terms.currency ?? '');
      if (isBefore(e, terms.statusDate, 'AD') || (ctx.to !== undefined && isAfter(e, ctx.to, 'AD'))) continue;
      e.notionalPrincipal = notional;
      e.nominalInterestRate = 0;
      e.accruedInterest = 0;
      events.push(e);
    }
    return sortEvents(events);
  },
};
