import { zodResolver } from '@hookform/resolvers/zod';
import {
  completeStepMessage,
  INSTRUMENT_MESSAGES,
  instrumentFormDefaults,
  instrumentFormSchema,
  type InstrumentForm,
  type InstrumentFormField,
  type InstrumentFormInput,
} from '@meridian/schemas';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useLocation } from 'wouter';
import { toast } from '@/hooks/use-toast';
import { errorBody, errorMessage } from '@/lib/api';
import { sentForApprovalNotice, type SentForApprovalNotice } from '@/lib/sent-for-approval';
import { useCreateInstrument } from '@/entities/instrument';
import { previewCashFlows } from '../lib/cash-flow-preview';
import {
  firstInvalidStep,
  REVIEW_STEP,
  serverFieldErrors,
  STEP_TITLES,
  stepOfFields,
  visibleFields,
  withoutHiddenValues,
} from '../lib/wizard-steps';

const todayUtc = () => new Date().toISOString().slice(0, 10);

function validationToast(description: string) {
  toast({ title: 'Validation Error', description, variant: 'destructive' });
}

/** Wizard state and the SPEC §4 transitions: Next validates, Previous always, Submit re-validates all. */
export function useInstrumentWizard() {
  const form = useForm<InstrumentFormInput, unknown, InstrumentForm>({
    resolver: zodResolver(instrumentFormSchema),
    defaultValues: instrumentFormDefaults(todayUtc()),
    mode: 'onTouched',
  });
  const [step, setStep] = useState(0);
  // Over a supervised role's issuance limit: not created, sent to a supervisor (decision 0049).
  const [sent, setSent] = useState<SentForApprovalNotice | null>(null);
  const create = useCreateInstrument();
  const [, navigate] = useLocation();

  const validate = (fields: InstrumentFormField[], focus = true) =>
    fields.length === 0 ? Promise.resolve(true) : form.trigger(fields, { shouldFocus: focus });

  async function next() {
    if (await validate(visibleFields(step, form.getValues('contractType')))) setStep((current) => current + 1);
    else validationToast(INSTRUMENT_MESSAGES.correctFields);
  }

  function previous() {
    setStep((current) => Math.max(0, current - 1));
  }

  async function submit() {
    const contractType = form.getValues('contractType');
    const failing = await firstInvalidStep(REVIEW_STEP, (fields) => validate(fields, false), contractType);
    if (failing !== null) {
      setStep(failing);
      validationToast(completeStepMessage(failing + 1, STEP_TITLES[failing] ?? ''));
      return;
    }
    // SPEC §4: the terms JSON is generated on submit, then the instrument is posted.
    const values = withoutHiddenValues(form.getValues());
    const preview = previewCashFlows(values, new Date());
    const actusTerms = preview.status === 'invalid' ? null : JSON.stringify(preview.terms);
    const body = instrumentFormSchema.parse({ ...values, actusTerms });
    create.mutate(body, {
      onSuccess: (instrument) => {
        setSent(null);
        toast({
          title: 'Instrument Created',
          description: `${instrument.name} has been issued and listed on the marketplace.`,
        });
        navigate('/issuer');
      },
      onError: (error) => {
        const notice = sentForApprovalNotice(error, 'instrument');
        setSent(notice);
        if (notice) {
          toast({ title: notice.title, description: notice.description });
          return;
        }
        toast({ title: 'Error Creating Instrument', description: errorMessage(error), variant: 'destructive' });
        // Field issues from the server (400) or the ACTUS engine (422) go back onto their fields,
        // and the wizard returns to the first step holding one.
        const fields = serverFieldErrors(errorBody(error), contractType);
        const names = Object.keys(fields) as InstrumentFormField[];
        for (const name of names) form.setError(name, { type: 'server', message: fields[name] });
        const back = stepOfFields(names);
        if (back !== null) setStep(back);
      },
    });
  }

  return { form, step, next, previous, submit, pending: create.isPending, sent, dismissSent: () => setSent(null) };
}
