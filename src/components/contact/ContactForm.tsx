import { sendJson } from '@/lib/api-client';
import { CONTACT_CATEGORIES, contactCreateSchema, type ContactCreate, type ContactCreateInput } from '@/lib/validation/contact';
import { toast } from '@/stores/toast';
import { useHeldSubmit } from '@/components/forms/use-held-submit';
import { useZodForm } from '@/components/forms/use-zod-form';
import { Button } from '@/components/ui/button';
import { FormField, HoneypotField, fieldProps } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { Toaster } from '@/components/ui/toast';

const EMPTY = { name: '', email: '', company: '', category: '', subject: '', message: '', website: '' } as unknown as ContactCreateInput;

/**
 * The contact form, validated with the schema the endpoint uses. Rendered whole on the
 * server and hydrated on first interaction (`client:interaction`), keeping what was typed;
 * a Send pressed before that is sent once it has hydrated. POST, so a submission that
 * goes native never puts the message in a URL.
 */
export default function ContactForm() {
  const {
    register,
    handleSubmit,
    reset,
    reportError,
    formState: { errors, isSubmitting },
  } = useZodForm<ContactCreateInput, ContactCreate>(contactCreateSchema, EMPTY, { adoptRendered: true });
  const form = useHeldSubmit();

  const onSubmit = async (values: ContactCreate) => {
    try {
      await sendJson('POST', '/api/contact', values);
      reset(EMPTY);
      toast({ title: 'Message Sent', description: "Thank you for contacting us. We'll get back to you soon." });
    } catch (error) {
      reportError(error, 'Failed to send message. Please try again.');
    }
  };

  return (
    <>
      <form ref={form} onSubmit={(e) => void handleSubmit(onSubmit)(e)} method="post" noValidate className="relative grid gap-4">
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField id="contact-name" label="Name" error={errors.name?.message}>
            <Input {...fieldProps('contact-name', errors.name?.message)} autoComplete="name" {...register('name')} />
          </FormField>
          <FormField id="contact-email" label="Email" error={errors.email?.message}>
            <Input {...fieldProps('contact-email', errors.email?.message)} type="email" autoComplete="email" {...register('email')} />
          </FormField>
          <FormField id="contact-company" label="Company" optional error={errors.company?.message}>
            <Input {...fieldProps('contact-company', errors.company?.message)} autoComplete="organization" {...register('company')} />
          </FormField>
          <FormField id="contact-category" label="Category" error={errors.category?.message}>
            <select
              {...fieldProps('contact-category', errors.category?.message)}
              className="border-input bg-card aria-invalid:border-destructive h-10 w-full rounded-md border px-3 text-base md:text-sm"
              {...register('category')}
            >
              <option value="">Select a category</option>
              {CONTACT_CATEGORIES.map((c) => (
                <option key={c.value} value={c.value}>
                  {c.label}
                </option>
              ))}
            </select>
          </FormField>
        </div>
        <FormField id="contact-subject" label="Subject" error={errors.subject?.message}>
          <Input {...fieldProps('contact-subject', errors.subject?.message)} {...register('subject')} />
        </FormField>
        <FormField id="contact-message" label="Message" error={errors.message?.message}>
          <Textarea {...fieldProps('contact-message', errors.message?.message)} rows={6} {...register('message')} />
        </FormField>
        <HoneypotField register={register('website')} />
        <div>
          <Button type="submit" disabled={isSubmitting}>
            {isSubmitting ? 'Sending...' : 'Send Message'}
          </Button>
        </div>
      </form>
      <Toaster />
    </>
  );
}
