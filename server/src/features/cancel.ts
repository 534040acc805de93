// `grundy.cancelComputations` (the command palette, or any editor's command): every computation
// that is running stops and keeps what it has, as the progress notification's cancel does (where
// workers share no memory, one that does not stop at once loses it: its worker is ended).
import { CANCEL_GRACE_MS } from '../compute/pool';
import { CANCEL_COMPUTATIONS_COMMAND } from '../protocol';
import type { Feature } from './feature';

export const cancelFeature: Feature = {
  name: 'cancel computations',
  handlers: (context) => ({
    commands: {
      [CANCEL_COMPUTATIONS_COMMAND]: () => {
        const stopped = context.cancelComputations();
        context.tell(
          stopped === 0
            ? 'Nothing was computing.'
            : `Stopped ${stopped} computation${stopped === 1 ? '' : 's'}: ` +
                (context.cancelKeepsResults
                  ? 'each keeps what it had found.'
                  : `one still running after ${CANCEL_GRACE_MS} ms loses what it had found (here a computation ` +
                    'cannot be asked to stop, so its worker is ended).'),
          'info',
        );
        return stopped;
      },
    },
  }),
};
