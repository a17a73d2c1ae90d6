import { describe, expect, it } from 'vitest';
import { SentForApprovalError } from './api';
import { sentForApprovalNotice } from './sent-for-approval';

describe('sentForApprovalNotice', () => {
  const sent = new SentForApprovalError('{"code":"SUPERVISION_REQUIRED"}', {
    message: 'Sent to your supervisor for approval: $10,450,000.00 under place_orders is above the Market Maker limit',
    approvalId: '5d1c2f3a-0000-4000-8000-000000000001',
  });

  it('turns a 202 sent for approval into its own state, with the server words and the approval id', () => {
    expect(sentForApprovalNotice(sent, 'order')).toEqual({
      title: 'Sent for Approval',
      description:
        'Sent to your supervisor for approval: $10,450,000.00 under place_orders is above the Market Maker limit',
      approvalId: '5d1c2f3a-0000-4000-8000-000000000001',
      next: 'The order was not placed. Once your supervisor approves request 5d1c2f3a, submit it again.',
    });
    expect(sentForApprovalNotice(sent, 'instrument')?.next).toMatch(/^The instrument was not created\./);
  });

  it('leaves failures to the error path', () => {
    expect(sentForApprovalNotice(new Error('403: {"message":"Missing permission: place_orders"}'), 'order')).toBeNull();
    expect(sentForApprovalNotice('nope', 'order')).toBeNull();
  });
});
