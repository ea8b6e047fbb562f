import type { Ref } from 'react';
import { FormField, fieldProps } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';

/** How an image is shown where it is placed: alt text for readers who cannot see it, caption and credit. */
export interface ImageDetails {
  alt: string;
  caption: string;
  credit: string;
}

/** The alt text (required where the image is placed), caption and credit of the image about to be placed. */
export function ImageDetailsFields({
  id,
  details,
  onChange,
  altError,
  altRef,
  autoFocusAlt,
}: {
  id: string;
  details: ImageDetails;
  onChange: (details: ImageDetails) => void;
  altError: string;
  altRef: Ref<HTMLInputElement>;
  /** The picker opened with a file: the alt text can be typed while it goes up. */
  autoFocusAlt: boolean;
}) {
  return (
    <>
      <FormField id={`${id}-alt`} label="Alt text" error={altError}>
        <Input
          {...fieldProps(`${id}-alt`, altError)}
          ref={altRef}
          data-autofocus={autoFocusAlt ? '' : undefined}
          value={details.alt}
          onChange={(e) => onChange({ ...details, alt: e.target.value })}
          placeholder="What the image shows, for readers who cannot see it"
          maxLength={300}
        />
      </FormField>
      <div className="grid gap-3 sm:grid-cols-2">
        <FormField id={`${id}-caption`} label="Caption" optional>
          <Input id={`${id}-caption`} value={details.caption} onChange={(e) => onChange({ ...details, caption: e.target.value })} maxLength={500} />
        </FormField>
        <FormField id={`${id}-credit`} label="Credit" optional>
          <Input
            id={`${id}-credit`}
            value={details.credit}
            onChange={(e) => onChange({ ...details, credit: e.target.value })}
            placeholder="Photo: …"
            maxLength={200}
          />
        </FormField>
      </div>
    </>
  );
}
