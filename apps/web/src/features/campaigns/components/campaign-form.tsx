import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import {
  campaignFormSchema,
  campaignToday,
  createCampaignFormSchema,
  type CampaignForm as CampaignFormOutput,
} from '@pet-haven/shared/campaigns';
import { petLimits } from '@pet-haven/shared/pets';
import { DescriptionFields } from '@/components/ui/description-fields';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { PictureForm, type FormSave } from '@/components/ui/picture-form';

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
  /** Saves the values (a reset empties the form to `defaultValues`). */
  onSave: FormSave<CampaignFormOutput>;
}

/**
 * The campaign form (create and edit): the picture is uploaded first, then petName,
 * maxDonationAmount, lastDate, shortDescription and longDescription (spec section 5).
 */
export function CampaignForm({ mode, defaultValues, submitLabel, onSave }: CampaignFormProps) {
  const form = useForm<CampaignFormValues, unknown, CampaignFormOutput>({
    // Creating also refuses a last date in the past; editing an old campaign does not.
    resolver: zodResolver(mode === 'create' ? createCampaignFormSchema : campaignFormSchema),
    defaultValues,
  });
  const { errors } = form.formState;
  const { register } = form;

  return (
    <PictureForm
      form={form}
      picture="petPicture"
      pictureLabel="Pet Picture"
      fields={fieldNames}
      onSave={onSave}
      submitLabel={submitLabel}
    >
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
      <DescriptionFields form={form} />
    </PictureForm>
  );
}
