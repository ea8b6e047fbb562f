import { useCallback, useEffect, useState } from 'react';
import { getJson } from '@/lib/api-client';
import { submitErrorMessage } from '@/lib/submit-error';
import { toast } from '@/stores/toast';

/**
 * Loads an admin resource from the API and reloads it on demand ("after successful
 * mutations the relevant lists are refetched"); a failed load shows an Error toast.
 * `data` is null until the first load.
 */
export function useResource<T>(path: string, failure = 'Could not load the list.') {
  const [data, setData] = useState<T | null>(null);
  const reload = useCallback(() => {
    getJson<T>(path)
      .then(({ data: loaded }) => setData(loaded))
      .catch((error: unknown) => toast({ title: 'Error', description: submitErrorMessage(error, failure), variant: 'destructive' }));
  }, [path, failure]);
  useEffect(reload, [reload]);
  return { data, setData, reload };
}
