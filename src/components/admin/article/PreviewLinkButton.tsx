import { useState } from 'react';
import { sendJson } from '@/lib/api-client';
import { submitErrorMessage } from '@/lib/submit-error';
import { toast } from '@/stores/toast';
import { Button } from '@/components/ui/button';

/** Makes a private, expiring link to the article page as saved (drafts and scheduled articles too) and shows it. */
export function PreviewLinkButton({ articleId }: { articleId: number }) {
  const [link, setLink] = useState<{ url: string; expiresAt: string } | undefined>(undefined);
  const create = async () => {
    try {
      setLink(await sendJson<{ url: string; expiresAt: string }>('POST', `/api/admin/articles/${articleId}/preview`));
    } catch (error) {
      toast({ title: 'Error', description: submitErrorMessage(error, 'The preview link could not be made.'), variant: 'destructive' });
    }
  };
  return (
    <div className="grid gap-2">
      <Button type="button" variant="outline" onClick={() => void create()}>
        Preview link
      </Button>
      {link && (
        <p className="text-sm" data-testid="preview-link">
          <a href={link.url} target="_blank" rel="noopener" className="text-primary break-all underline">
            Open the preview
          </a>{' '}
          <span className="text-muted-foreground">
            (shows the last saved version; valid until {new Date(link.expiresAt).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' })}
            )
          </span>
        </p>
      )}
    </div>
  );
}
