// `grundy.cancelComputations` (the command palette, or any editor's command): every computation
// that is running stops and keeps what it has, as the progress notification's cancel does.
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
            : `Stopped ${stopped} computation${stopped === 1 ? '' : 's'}: each keeps what it had found.`,
          'info',
        );
        return stopped;
      },
    },
  }),
};
