import { createContext, useContext } from 'react';
import type { Capability, Role } from '@/lib/staff/permissions';

/** Who is using the panel, and what their role may do (the server checks the same table on every call). */
export interface PanelAccount {
  /** Their staff account's id: the Staff tab offers no change of their own role or state. */
  userId: number;
  displayName: string;
  role: Role;
  capabilities: readonly Capability[];
}

export const AccountContext = createContext<PanelAccount>({ userId: 0, displayName: '', role: 'contributor', capabilities: [] });

/** Whether the signed-in person's role has the capability: the panel shows a tab or button only then. */
export function useCan(capability: Capability): boolean {
  return useContext(AccountContext).capabilities.includes(capability);
}
