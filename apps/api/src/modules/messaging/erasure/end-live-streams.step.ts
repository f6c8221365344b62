import { AccountErasureStep, type AccountErasure } from '../../../platform/contributions';
import type { MessagingServices } from '../messaging-services';

/**
 * Messaging's part in erasing an account: its conversations, messages, blocks
 * and reports go with the account row (ON DELETE CASCADE); what is left is
 * its open message streams, ended in every API process once the row is gone
 * (their tickets no longer pass, so they cannot reopen).
 */
export const endLiveStreams = (messaging: MessagingServices): AccountErasure => ({
  async erase({ userId }) {
    await messaging.endStreams([userId]);
    return {};
  },
});

/** In the `sessions` stage: after the account row is gone. */
export const endLiveStreamsStep = (messaging: MessagingServices): AccountErasureStep => new AccountErasureStep('messaging', 'sessions', endLiveStreams(messaging));
