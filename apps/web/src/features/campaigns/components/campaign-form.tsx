import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm, type FieldErrors } from 'react-hook-form';
import { toast } from 'sonner';
import type { z } from 'zod';
import {
  campaignFormSchema,
  campaignToday,
  createCampaignFormSchema,
  type CampaignForm as CampaignFormOutput,
} from '@pet-haven/shared/campaigns';
import { messages } from '@pet-haven/shared/messages';
import { petLimits } from '@pet-haven/shared/pets';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { FormImageUpload } from '@/components/ui/form-image-upload';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { setServerFieldErrors } from '@/lib/form-errors';

/** The typed values; the maximum is the text typed in dollars (the output holds its Cents). */
export type CampaignFormValues = z.input<typeof campaignFormSchema>;

/** The empty form ('' rather than undefined, which a reset would ignore). */
export const emptyCampaignForm: Partial<CampaignFormValues> = {
  petPicture: '',
  petName: '',
  maxDonationAmount: '',
  lastDate: '',
  shortDescription: '',
  longDescription: '',
};

const fieldNames: (keyof CampaignFormValues)[] = [
  'petPicture',
  'petName',
  'maxDonationAmount',
  'lastDate',
  'shortDescription',
  'longDescription',
];

interface CampaignFormProps {
  mode: 'create' | 'edit';
  defaultValues: Partial<CampaignFormValues>;
  submitLabel: string;
  /**
   * Saves the values. Resolve 'reset' to empty the form afterwards (create) or 'keep' (edit);
   * throw (after reporting) to keep the values; server field errors are shown by their fields.
   */
  onSubmit: (values: CampaignFormOutput) => Promise<'reset' | 'keep'>;
}

/**
 * The campaign form (create and edit): the picture is uploaded first, then petName,
 * maxDonationAmount, lastDate, shortDescription and longDescription (spec section 5).
 */
export function CampaignForm({ mode, defaultValues, submitLabel, onSubmit }: CampaignFormProps) {
  const [uploading, setUploading] = useState(false);
  const form = useForm<CampaignFormValues, unknown, CampaignFormOutput>({
    // Creating also refuses a last date in the past; editing an old campaign does not.
    resolver: zodResolver(mode === 'create' ? createCampaignFormSchema : campaignFormSchema),
    defaultValues,
  });
  const { errors, isSubmitting } = form.formState;
  const { register } = form;

  const onInvalid = (errs: FieldErrors<CampaignFormValues>) => {
    if (errs.petPicture) toast.error(messages.pets.uploadImageFirst);
  };

  const submit = form.handleSubmit(async (values) => {
    try {
      const after = await onSubmit(values);
      if (after === 'reset') form.reset(emptyCampaignForm);
    } catch (err) {
      setServerFieldErrors(err, fieldNames, form.setError);
    }
  }, onInvalid);

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-5">
      <FormImageUpload
        control={form.control}
        name="petPicture"
        clearErrors={form.clearErrors}
        label="Pet Picture"
        onUploadingChange={setUploading}
      />
      <div className="grid gap-5 sm:grid-cols-2">
        <FormField label="Pet Name" required error={errors.petName?.message}>
          <Input maxLength={petLimits.petName} autoComplete="off" {...register('petName')} />
        </FormField>
        <FormField
          label="Maximum Donation Amount (USD)"
          required
          error={errors.maxDonationAmount?.message}
          hint="Up to 2 decimals, e.g. 1500 or 249.99"
        >
          <Input
            type="number"
            inputMode="decimal"
            min={0.01}
            step={0.01}
            {...register('maxDonationAmount')}
          />
        </FormField>
        <FormField label="Last Date" required error={errors.lastDate?.message}>
          <Input
            type="date"
            min={mode === 'create' ? campaignToday() : undefined}
            {...register('lastDate')}
          />
        </FormField>
      </div>
      <FormField label="Short Description" required error={errors.shortDescription?.message}>
        <Input maxLength={petLimits.shortDescription} {...register('shortDescription')} />
      </FormField>
      <FormField label="Long Description" required error={errors.longDescription?.message}>
        <Textarea rows={6} maxLength={petLimits.longDescription} {...register('longDescription')} />
      </FormField>
      <div>
        <Button type="submit" size="lg" loading={isSubmitting} disabled={uploading}>
          {uploading ? 'Uploading picture…' : submitLabel}
        </Button>
      </div>
    </form>
  );
}
