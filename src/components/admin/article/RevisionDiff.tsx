import { ARTICLE_FIELD_LABELS } from '@/lib/validation/article';
import type { ArticleRevisionDiff } from '@/lib/wire/articles';

/** A revision against the current article: the other fields that differ, then the text line by line (removed, added, kept). */
export function RevisionDiff({ diff }: { diff: ArticleRevisionDiff }) {
  const changed = diff.content.some((line) => line.op !== 'same');
  return (
    <div className="grid gap-4">
      {diff.fields.length > 0 && (
        <table className="w-full table-fixed text-sm">
          <caption className="text-muted-foreground mb-1 text-left text-xs">Fields that differ</caption>
          <thead>
            <tr className="text-left">
              <th scope="col" className="w-28 pr-2">
                Field
              </th>
              <th scope="col">In this revision</th>
              <th scope="col">Now</th>
            </tr>
          </thead>
          <tbody>
            {diff.fields.map((f) => (
              <tr key={f.field} className="border-t align-top">
                <th scope="row" className="py-1 pr-2 text-left font-medium">
                  {ARTICLE_FIELD_LABELS[f.field]}
                </th>
                <td className="py-1 pr-2 break-words">{f.revision || <em className="text-muted-foreground">empty</em>}</td>
                <td className="py-1 break-words">{f.current || <em className="text-muted-foreground">empty</em>}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <section aria-label="Text changes" data-testid="revision-diff" className="rounded-md border font-mono text-xs">
        <p className="text-muted-foreground border-b px-2 py-1 font-sans">
          {changed ? 'Lines marked − are in this revision only; lines marked + are in the current text only.' : 'The text is the same as now.'}
        </p>
        <ol className="max-h-[50dvh] overflow-y-auto">
          {diff.content.map((line, index) => (
            <li
              key={index}
              className={
                line.op === 'add'
                  ? 'bg-green-50 px-2 text-green-900'
                  : line.op === 'del'
                    ? 'bg-red-50 px-2 text-red-900'
                    : 'text-muted-foreground px-2'
              }
            >
              <span aria-hidden="true">{line.op === 'add' ? '+ ' : line.op === 'del' ? '− ' : '  '}</span>
              {line.op !== 'same' && <span className="sr-only">{line.op === 'add' ? 'Now only: ' : 'Revision only: '}</span>}
              {line.text}
            </li>
          ))}
        </ol>
      </section>
    </div>
  );
}
