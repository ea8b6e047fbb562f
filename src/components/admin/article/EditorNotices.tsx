import type { ArticleAutosave } from '@/lib/wire/articles';
import { Button } from '@/components/ui/button';

const when = (iso: string) => new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/** A button of a notice: what the editor can do about it. */
interface NoticeAction {
  label: string;
  variant?: 'default' | 'outline' | 'destructive';
  onClick: () => void;
}

/** A notice above the editor: what it says, and the buttons that answer it. */
function Notice({
  tone,
  testId,
  actions,
  children,
}: {
  tone: 'warning' | 'danger';
  testId: string;
  actions?: NoticeAction[];
  children: React.ReactNode;
}) {
  return (
    <div
      role="alert"
      data-testid={testId}
      className={
        tone === 'danger'
          ? 'border-destructive/50 bg-destructive/10 flex flex-wrap items-center gap-2 rounded-md border px-3 py-2 text-sm'
          : 'flex flex-wrap items-center gap-2 rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-950'
      }
    >
      {actions ? <span className="flex-1">{children}</span> : children}
      {actions?.map(({ label, variant = 'default', onClick }) => (
        <Button key={label} type="button" size="sm" variant={variant} onClick={onClick}>
          {label}
        </Button>
      ))}
    </div>
  );
}

/**
 * What the editor must know before saving: unsaved work to recover, a save refused because
 * the article was saved elsewhere (reload or overwrite), the article saved or open elsewhere.
 */
export function EditorNotices({
  recovery,
  articleUpdatedAt,
  onRecover,
  onDiscard,
  conflict,
  onReload,
  onOverwrite,
  stale,
  otherTab,
}: {
  recovery: ArticleAutosave | undefined;
  articleUpdatedAt: string | undefined;
  onRecover: () => void;
  onDiscard: () => void;
  conflict: string | undefined;
  onReload: () => void;
  onOverwrite: () => void;
  stale: boolean;
  otherTab: boolean;
}) {
  const savedSince = recovery?.baseUpdatedAt && articleUpdatedAt && new Date(articleUpdatedAt) > new Date(recovery.baseUpdatedAt);
  return (
    <>
      {recovery && (
        <Notice
          tone="warning"
          testId="recovery-notice"
          actions={[
            { label: 'Recover changes', onClick: onRecover },
            { label: 'Discard', variant: 'outline', onClick: onDiscard },
          ]}
        >
          Unsaved changes from {when(recovery.savedAt)} were kept.
          {savedSince ? ' The article was saved since; recovering puts your version in the editor, and saving it replaces that save.' : ''}
        </Notice>
      )}
      {conflict && (
        <Notice
          tone="danger"
          testId="conflict-notice"
          actions={[
            { label: 'Reload their version', variant: 'outline', onClick: onReload },
            { label: 'Overwrite with mine', variant: 'destructive', onClick: onOverwrite },
          ]}
        >
          {conflict}
        </Notice>
      )}
      {!conflict && stale && (
        <Notice tone="warning" testId="stale-notice">
          This article was saved elsewhere since you opened it. Saving will ask before overwriting it.
        </Notice>
      )}
      {otherTab && (
        <Notice tone="warning" testId="other-tab-notice">
          This article is also open in another tab. Changes saved there are not shown here.
        </Notice>
      )}
    </>
  );
}
