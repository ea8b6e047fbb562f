import { CONTACT_CATEGORIES, contactCreateSchema, type ContactCreate, type ContactCreateInput } from '@/lib/validation/contact';
import { useReaderForm } from '@/components/forms/use-reader-form';
import { FormField, ReaderFormSubmit, fieldProps } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';
import { Textarea } from '@/components/ui/textarea';
import { Toaster } from '@/components/ui/toast';

const EMPTY = { name: '', email: '', company: '', category: '', subject: '', message: '', website: '' } as unknown as ContactCreateInput;

/**
 * The contact form: a reader's form (`useReaderForm`), so it hydrates on first use keeping
 * what was typed and never puts the message in a URL.
 */
export default function ContactForm() {
  const {
    register,
    formRef,
    onSubmit,
    formState: { errors, isSubmitting },
  } = useReaderForm<ContactCreateInput, ContactCreate>(contactCreateSchema, EMPTY, {
    url: '/api/contact',
    sent: { title: 'Message Sent', description: "Thank you for contacting us. We'll get back to you soon." },
    failed: 'Failed to send message. Please try again.',
  });

  return (
    <>
      <form ref={formRef} onSubmit={onSubmit} method="post" noValidate className="relative grid gap-4">
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
            <NativeSelect {...fieldProps('contact-category', errors.category?.message)} {...register('category')} options={CONTACT_CATEGORIES}>
              <option value="">Select a category</option>
            </NativeSelect>
          </FormField>
        </div>
        <FormField id="contact-subject" label="Subject" error={errors.subject?.message}>
          <Input {...fieldProps('contact-subject', errors.subject?.message)} {...register('subject')} />
        </FormField>
        <FormField id="contact-message" label="Message" error={errors.message?.message}>
          <Textarea {...fieldProps('contact-message', errors.message?.message)} rows={6} {...register('message')} />
        </FormField>
        <ReaderFormSubmit honeypot={register('website')} sending={isSubmitting} pending="Sending...">
          Send Message
        </ReaderFormSubmit>
      </form>
      <Toaster />
    </>
  );
}
