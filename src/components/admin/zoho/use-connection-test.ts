import { useState } from 'react';
import { sendJson } from '@/lib/api-client';
import { submitErrorMessage } from '@/lib/submit-error';
import type { ZohoTestResult } from '@/lib/wire/analytics';
import { toast } from '@/stores/toast';

/**
 * Test Connection: tests the saved configuration against Zoho, toasts the outcome and keeps
 * the last result; `onTested` runs after every test (the stored outcome changed).
 */
export function useConnectionTest(onTested: () => void) {
  const [testing, setTesting] = useState(false);
  const [lastTest, setLastTest] = useState<ZohoTestResult | null>(null);

  const test = async () => {
    setTesting(true);
    try {
      const result = await sendJson<ZohoTestResult>('POST', '/api/zoho/test-connection');
      setLastTest(result);
      if (result.success) toast({ title: 'Connection Successful', description: 'Successfully connected to Zoho Analytics workspace' });
      else toast({ title: 'Connection Failed', description: result.message || 'Failed to connect to Zoho Analytics', variant: 'destructive' });
    } catch (error) {
      toast({ title: 'Connection Failed', description: submitErrorMessage(error, 'Failed to connect to Zoho Analytics'), variant: 'destructive' });
    } finally {
      setTesting(false);
      onTested();
    }
  };

  return { testing, lastTest, test };
}

export type ConnectionTest = ReturnType<typeof useConnectionTest>;
