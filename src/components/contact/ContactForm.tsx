import { CONTACT_CATEGORIES, contactCreateSchema, type ContactCreate, type ContactCreateInput } from '@/lib/validation/contact';
import { SelectField, TextField } from '@/components/forms/BoundFields';
import { ReaderForm } from '@/components/forms/ReaderForm';
import { useReaderForm } from '@/components/forms/use-reader-form';

const EMPTY = { name: '', email: '', company: '', category: '', subject: '', message: '', website: '' } as unknown as ContactCreateInput;

/**
 * The contact form: a reader's form (`useReaderForm`), so it hydrates on first use keeping
 * what was typed and never puts the message in a URL.
 */
export default function ContactForm() {
  const form = useReaderForm<ContactCreateInput, ContactCreate>(contactCreateSchema, EMPTY, {
    idPrefix: 'contact',
    url: '/api/contact',
    sent: { title: 'Message Sent', description: "Thank you for contacting us. We'll get back to you soon." },
    failed: 'Failed to send message. Please try again.',
  });
  return (
    <ReaderForm form={form} className="relative grid gap-4" submit="Send Message" pending="Sending...">
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField form={form} name="name" label="Name" autoComplete="name" />
        <TextField form={form} name="email" label="Email" type="email" autoComplete="email" />
        <TextField form={form} name="company" label="Company" optional autoComplete="organization" />
        <SelectField form={form} name="category" label="Category" options={CONTACT_CATEGORIES} placeholder="Select a category" />
      </div>
      <TextField form={form} name="subject" label="Subject" />
      <TextField form={form} name="message" label="Message" rows={6} />
    </ReaderForm>
  );
}
