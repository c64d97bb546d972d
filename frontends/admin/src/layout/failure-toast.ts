import { isApiError } from '@loadout/web';
import { toast } from 'sonner';

/** `onError` of an admin action: "Could not <what>", with the API's message when it gave one. */
export const failedTo =
  (what: string) =>
  (error: unknown): void => {
    toast.error(`Could not ${what}`, {
      description: isApiError(error) ? error.message : 'Please try again later.',
    });
  };
