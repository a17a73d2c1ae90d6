import { ChevronLeft, ChevronRight, Send } from 'lucide-react';
import { useMemo, useState } from 'react';
import { FormProvider, useWatch } from 'react-hook-form';
import { SentForApproval } from '@/components/sent-for-approval';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';
import { useInstrumentWizard } from '../../hooks/use-instrument-wizard';
import { previewCashFlows } from '../../lib/cash-flow-preview';
import { REVIEW_STEP, STEP_COUNT, STEP_TITLES, withoutHiddenValues } from '../../lib/wizard-steps';
import { BasicInformationStep } from './basic-information-step';
import { ContractTypeStep } from './contract-type-step';
import { FinancialTermsStep } from './financial-terms-step';
import { InterestTermsStep } from './interest-terms-step';
import { ReviewStep } from './review-step';
import { StepIndicator } from './step-indicator';

const STEP_BODIES = [ContractTypeStep, BasicInformationStep, FinancialTermsStep, InterestTermsStep];

/** Review body: the preview is recomputed only when the form values change. */
function ReviewBody({ control }: { control: ReturnType<typeof useInstrumentWizard>['form']['control'] }) {
  const watched = useWatch({ control });
  const [now] = useState(() => new Date());
  const key = JSON.stringify(watched);
  const values = useMemo(() => withoutHiddenValues(JSON.parse(key)), [key]);
  const preview = useMemo(() => previewCashFlows(values, now), [values, now]);
  return <ReviewStep values={values} preview={preview} />;
}

/** Create ACTUS Instrument: the five-step wizard of SPEC §4. */
export function InstrumentWizard() {
  const { form, step, next, previous, submit, pending, sent, dismissSent } = useInstrumentWizard();
  const StepBody = STEP_BODIES[step];
  return (
    <FormProvider {...form}>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (step === REVIEW_STEP) void submit();
          else void next();
        }}
      >
        <Card>
          <CardHeader className="gap-4">
            <StepIndicator current={step} />
            <CardTitle>
              Step {step + 1} of {STEP_COUNT}: {STEP_TITLES[step]}
            </CardTitle>
          </CardHeader>
          <CardContent className="flex flex-col gap-4">
            {StepBody ? <StepBody /> : <ReviewBody control={form.control} />}
            {sent && step === REVIEW_STEP ? <SentForApproval notice={sent} onDismiss={dismissSent} /> : null}
          </CardContent>
          <CardFooter className="justify-between border-t pt-5">
            <Button type="button" variant="outline" onClick={previous} disabled={step === 0 || pending}>
              <ChevronLeft aria-hidden /> Previous
            </Button>
            {step === REVIEW_STEP ? (
              <Button type="submit" disabled={pending}>
                <Send aria-hidden /> {pending ? 'Creating...' : 'Create Instrument'}
              </Button>
            ) : (
              <Button type="submit">
                Next <ChevronRight aria-hidden />
              </Button>
            )}
          </CardFooter>
        </Card>
      </form>
    </FormProvider>
  );
}
