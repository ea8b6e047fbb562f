import { useState } from 'react';
import { sendJson } from '@/lib/api-client';
import { submitErrorMessage } from '@/lib/submit-error';
import { toast } from '@/stores/toast';
import { Button } from '@/components/ui/button';

/**
 * Makes a private, expiring link to the article page as saved (drafts and scheduled articles
 * too) and shows it; revokes every link made so far, for one that went where it should not.
 */
export function PreviewLinkButton({ articleId }: { articleId: number }) {
  const [link, setLink] = useState<{ url: string; expiresAt: string } | undefined>(undefined);
  const path = `/api/admin/articles/${articleId}/preview`;
  const create = async () => {
    try {
      setLink(await sendJson<{ url: string; expiresAt: string }>('POST', path));
    } catch (error) {
      toast({ title: 'Error', description: submitErrorMessage(error, 'The preview link could not be made.'), variant: 'destructive' });
    }
  };
  const revoke = async () => {
    try {
      await sendJson('DELETE', path);
      setLink(undefined);
      toast({ title: 'Preview links revoked', description: 'Every preview link made so far no longer opens the article. A new one will.' });
    } catch (error) {
      toast({ title: 'Error', description: submitErrorMessage(error, 'The preview links could not be revoked.'), variant: 'destructive' });
    }
  };
  return (
    <div className="grid content-start gap-2">
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
      <Button type="button" variant="link" size="inline" className="justify-self-start text-sm" onClick={() => void revoke()}>
        Revoke links
      </Button>
    </div>
  );
}
