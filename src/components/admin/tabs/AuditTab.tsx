import { formatZonedDateTime } from '@/lib/format';
import { AUDIT_ACTIONS } from '@/lib/staff/audit-actions';
import { neutralised } from '@/lib/staff/audit-text';
import type { AuditEntry } from '@/lib/wire/staff';
import { PagedList, choices } from '@/components/admin/shared/PagedList';
import { TabSection } from '@/components/admin/shared/TabSection';
import { usePagedList } from '@/components/admin/shared/use-paged-list';

/** The audit trail (owners only): who did what and when, newest first, by action; nothing in it can be changed. */
export function AuditTab() {
  const list = usePagedList<AuditEntry>('/api/admin/audit', { filters: { action: '' } });
  return (
    <TabSection
      id="audit-title"
      title="Audit Log"
      intro="Sign-ins, publishing, staff and settings changes and exports, kept at least a year. Entries are never edited or removed early."
    >
      <PagedList
        name="audit"
        label="Audit log, newest first"
        noun="entry"
        nouns="entries"
        list={list}
        filters={[{ name: 'action', label: 'Action', options: [{ value: '', label: 'Every action' }, ...choices(AUDIT_ACTIONS)] }]}
        empty="Nothing recorded yet."
        renderRow={(entry) => (
          <div className="min-w-0">
            <p className="font-semibold wrap-anywhere">
              {neutralised(entry.actorName, 200)} <span className="font-normal">{AUDIT_ACTIONS[entry.action].toLowerCase()}</span>
              {entry.summary && <span className="text-muted-foreground font-normal">: {neutralised(entry.summary, 300)}</span>}
            </p>
            <p className="text-muted-foreground text-xs">
              <time dateTime={entry.at}>{formatZonedDateTime(entry.at)}</time>
              {entry.address && <> · from {entry.address}</>}
            </p>
          </div>
        )}
      />
    </TabSection>
  );
}
