/** "New conversation": a company, a subject and the first message (staff start topics; company threads open by themselves). */
import { Controller, useForm } from 'react-hook-form';
import { z } from 'zod';
import { toast } from 'sonner';
import { messages as T } from '../../../../shared/messages/messages';
import { messageBodySchema } from '../../../../shared/schemas/messages';
import { zodResolver } from '../../lib/zodResolver';
import { trpc } from '../../lib/trpc';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import { Field, TextareaField, TextField } from '../../ui/Field';
import { CompanyPicker } from '../contacts/CompanyPicker';

const topicForm = z.object({
  companyId: z.string().min(1, T.companyRequired).transform(Number),
  subject: z.string().trim().min(1, T.subjectRequired).max(200),
  body: messageBodySchema,
});
type TopicForm = z.input<typeof topicForm>;
type TopicValues = z.output<typeof topicForm>;

export function NewTopicDialog({
  open,
  onClose,
  defaultCompanyId,
  onStarted,
}: {
  open: boolean;
  onClose: () => void;
  defaultCompanyId?: number;
  onStarted: (threadId: number) => void;
}) {
  const form = useForm<TopicForm, unknown, TopicValues>({
    resolver: zodResolver(topicForm),
    defaultValues: { companyId: defaultCompanyId ? String(defaultCompanyId) : '', subject: '', body: '' },
  });
  const utils = trpc.useUtils();
  const start = trpc.messages.startTopic.useMutation();
  const post = trpc.messages.post.useMutation();
  const submit = form.handleSubmit(async (values) => {
    try {
      const { thread } = await start.mutateAsync({ companyId: values.companyId, subject: values.subject });
      await post.mutateAsync({ threadId: thread.id, body: values.body });
      void utils.messages.inbox.invalidate();
      form.reset();
      onClose();
      onStarted(thread.id);
    } catch (error) {
      toast.error((error as Error).message);
    }
  });
  const errors = form.formState.errors;
  return (
    <Dialog open={open} onClose={onClose} title={T.newTopicTitle} size="md">
      <form onSubmit={submit} className="space-y-4 px-6 py-5" noValidate>
        <Field label={T.company} required error={errors.companyId?.message}>
          {({ id, describedBy, invalid }) => (
            <Controller
              control={form.control}
              name="companyId"
              render={({ field }) => (
                <CompanyPicker
                  id={id}
                  describedBy={describedBy}
                  invalid={invalid}
                  value={field.value}
                  onChange={field.onChange}
                />
              )}
            />
          )}
        </Field>
        <TextField label={T.subject} required error={errors.subject?.message} {...form.register('subject')} />
        <TextareaField
          label={T.composerLabel}
          required
          rows={4}
          error={errors.body?.message}
          {...form.register('body')}
        />
        <div className="flex justify-end gap-2 pt-2">
          <Button variant="secondary" onClick={onClose}>
            {T.cancel}
          </Button>
          <Button type="submit" busy={form.formState.isSubmitting}>
            {T.start}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
