import {
  type CaseDto,
  type DecisionGround,
  type ModerationAction,
  type SuspensionDuration,
} from '@loadout/contracts';
import {
  Button,
  type FieldErrors,
  focusFirstInvalid,
  SelectField,
  TextAreaField,
  TextField,
  useForm,
} from '@loadout/ui';
import { useDecideAppeal, useDecideCase, useStatementTemplates } from '@loadout/web';
import { type FormEvent, useRef } from 'react';
import { toast } from 'sonner';
import { ACTION_LABELS, actionsFor } from '../admin-format';
import { failedTo } from '../layout/failure-toast';

interface StatementForm {
  action: string;
  /** With `suspend_user`: 7d, 30d or permanent. */
  suspension: string;
  facts: string;
  groundType: DecisionGround;
  ground: string;
}

type Field = keyof StatementForm;
const FIELDS: readonly Field[] = ['action', 'suspension', 'facts', 'ground'];

function check(v: StatementForm): FieldErrors<Field> {
  const errors: FieldErrors<Field> = {};
  if (!v.action) errors.action = 'Choose what to do.';
  if (v.action === 'suspend_user' && !v.suspension)
    errors.suspension = 'Choose how long to suspend the user.';
  if (v.facts.trim().length < 10)
    errors.facts = 'State the facts the decision rests on (at least 10 characters).';
  if (v.ground.trim().length < 3) errors.ground = 'Name the law or terms clause relied on.';
  return errors;
}

const SUSPENSIONS = [
  { value: '', label: 'Choose…' },
  { value: '7d', label: '7 days' },
  { value: '30d', label: '30 days' },
  { value: 'permanent', label: 'Permanently' },
];

const GROUNDS = [
  { value: 'terms', label: 'Our terms of service' },
  { value: 'law', label: 'The law' },
];

/**
 * The statement of reasons (DSA art. 17) with the decision: a template fills it in, the admin
 * writes the facts. For an appealed case, a different admin upholds or reverses.
 */
export function DecisionForm({ kase, appeal }: { kase: CaseDto; appeal: boolean }) {
  const formRef = useRef<HTMLFormElement>(null);
  const templates = useStatementTemplates();
  const decide = useDecideCase();
  const decideAppeal = useDecideAppeal();
  const actions = appeal
    ? [
        { value: 'upheld', label: 'Uphold the decision' },
        { value: 'reversed', label: 'Reverse the decision' },
      ]
    : actionsFor(kase.subjectType).map((a) => ({ value: a, label: ACTION_LABELS[a] }));
  const form = useForm<StatementForm, Field>(
    { action: '', suspension: '', facts: '', groundType: 'terms', ground: '' },
    check,
  );
  const usable = (templates.data ?? []).filter(
    (t) => appeal || actionsFor(kase.subjectType).includes(t.action),
  );
  const pending = decide.isPending || decideAppeal.isPending;

  const applyTemplate = (index: string) => {
    const t = usable[Number(index)];
    if (!t) return;
    if (!appeal) form.setValue('action', t.action);
    form.setValue('facts', t.facts);
    form.setValue('groundType', t.groundType);
    form.setValue('ground', t.ground);
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!form.validate()) {
      focusFirstInvalid(formRef.current, FIELDS, form.clientErrors);
      return;
    }
    const statement = {
      facts: form.values.facts.trim(),
      groundType: form.values.groundType,
      ground: form.values.ground.trim(),
    };
    const done = {
      onSuccess: () =>
        toast.success('Decision recorded', {
          description: 'The statement of reasons is on its way.',
        }),
      onError: failedTo('record the decision'),
    };
    if (appeal)
      decideAppeal.mutate(
        { id: kase.id, input: { outcome: form.values.action as 'upheld' | 'reversed', statement } },
        done,
      );
    else
      decide.mutate(
        {
          id: kase.id,
          input: {
            action: form.values.action as ModerationAction,
            statement,
            ...(form.values.action === 'suspend_user'
              ? { suspension: form.values.suspension as SuspensionDuration }
              : {}),
          },
        },
        done,
      );
  };

  return (
    <form
      ref={formRef}
      noValidate
      onSubmit={onSubmit}
      className="admin-decision"
      aria-label={appeal ? 'Decide the appeal' : 'Decide the case'}
    >
      {usable.length > 0 ? (
        <SelectField
          label="Start from a template"
          value=""
          onChange={(e) => applyTemplate(e.target.value)}
          options={[
            { value: '', label: 'Choose a template' },
            ...usable.map((t, i) => ({
              value: String(i),
              label: `${ACTION_LABELS[t.action]} — ${t.ground}`,
            })),
          ]}
        />
      ) : null}
      <SelectField
        {...form.field('action')}
        label={appeal ? 'Outcome' : 'Action'}
        options={[{ value: '', label: 'Choose…' }, ...actions]}
        required
      />
      {form.values.action === 'suspend_user' ? (
        <SelectField
          {...form.field('suspension')}
          label="Suspend for"
          options={SUSPENSIONS}
          hint="The user cannot sign in until then; their active listings are hidden."
          required
        />
      ) : null}
      <TextAreaField {...form.field('facts')} label="Facts" rows={4} maxLength={5000} required />
      <SelectField {...form.field('groundType')} label="Ground" options={GROUNDS} />
      <TextField
        {...form.field('ground')}
        label="Law or terms clause"
        maxLength={500}
        hint="For example: Firearms Act 1925 s.1, or Terms of service: prohibited items."
        required
      />
      <p className="lo-muted lo-small">
        The statement says the decision was taken by a person and how to appeal; it goes to the
        affected user and to every reporter.
      </p>
      <Button type="submit" loading={pending}>
        {appeal ? 'Decide the appeal' : 'Record the decision'}
      </Button>
    </form>
  );
}
