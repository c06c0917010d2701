import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { messages } from '@pet-haven/shared/messages';
import { z } from 'zod';
import {
  adoptionAnswersSchema,
  adoptionRequestBodySchema,
  homeTypeLabels,
  homeTypes,
  type AdoptionAnswers,
  type Pet,
} from '@pet-haven/shared/pets';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Modal, ModalClose } from '@/components/ui/modal';
import { Select } from '@/components/ui/select';
import { Textarea } from '@/components/ui/textarea';
import { errorMessage } from '@/lib/api-client';
import { useCreateAdoptionRequest } from '../api/create-adoption-request';
import type { Viewer } from './viewer';

const answers = adoptionAnswersSchema.shape;
const choice = <T extends z.ZodType>(schema: T) => z.union([z.literal(''), schema]);
/** The spec's phone and address, then the optional questions ('' for a question left out). */
const adoptFormSchema = adoptionRequestBodySchema.pick({ phone: true, address: true }).extend({
  homeType: choice(answers.homeType.unwrap()),
  garden: choice(answers.garden.unwrap()),
  childrenAtHome: choice(answers.childrenAtHome.unwrap()),
  otherPets: answers.otherPets.unwrap(),
  experience: answers.experience.unwrap(),
  message: answers.message.unwrap(),
});
type AdoptForm = z.input<typeof adoptFormSchema>;
const emptyForm: AdoptForm = {
  phone: '',
  address: '',
  homeType: '',
  garden: '',
  childrenAtHome: '',
  otherPets: '',
  experience: '',
  message: '',
};

/** The answers given, without the questions left out. */
function answersOf(values: z.output<typeof adoptFormSchema>): AdoptionAnswers {
  const { phone: _phone, address: _address, ...given } = values;
  return Object.fromEntries(Object.entries(given).filter(([, v]) => v !== '')) as AdoptionAnswers;
}

const homeTypeOptions = homeTypes.map((value) => ({ value, label: homeTypeLabels[value] }));
const yesNoOptions = [
  { value: 'yes', label: 'Yes' },
  { value: 'no', label: 'No' },
];

interface AdoptDialogProps {
  pet: Pet;
  viewer: Viewer;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** The Adopt dialog: read-only name and e-mail, required phone and address, Cancel and Submit. */
export function AdoptDialog({ pet, viewer, open, onOpenChange }: AdoptDialogProps) {
  const mutation = useCreateAdoptionRequest();
  const form = useForm<AdoptForm, unknown, z.output<typeof adoptFormSchema>>({
    resolver: zodResolver(adoptFormSchema),
    defaultValues: emptyForm,
  });
  const { errors, isSubmitting } = form.formState;

  const submit = form.handleSubmit(async (values) => {
    try {
      await mutation.mutateAsync({
        petId: pet._id,
        phone: values.phone,
        address: values.address,
        answers: answersOf(values),
      });
      toast.success(messages.adoption.submitted);
      form.reset();
      onOpenChange(false);
    } catch (err) {
      toast.error(errorMessage(err, messages.adoption.submitFailed));
    }
  });

  return (
    <Modal
      open={open}
      onOpenChange={(next) => {
        if (!next) form.reset();
        onOpenChange(next);
      }}
      title={`Adopt ${pet.petName}`}
      description="The owner will see your contact details and get back to you."
    >
      <form noValidate onSubmit={submit} className="flex flex-col gap-4">
        <FormField label="User Name">
          <Input name="userName" value={viewer.name} readOnly autoComplete="name" />
        </FormField>
        <FormField label="Email">
          <Input name="userEmail" type="email" value={viewer.email} readOnly autoComplete="email" />
        </FormField>
        <FormField label="Phone Number" required error={errors.phone?.message}>
          <Input type="tel" autoComplete="tel" required {...form.register('phone')} />
        </FormField>
        <FormField label="Address" required error={errors.address?.message}>
          <Textarea rows={3} autoComplete="street-address" required {...form.register('address')} />
        </FormField>
        <fieldset className="flex flex-col gap-4 rounded-lg border border-slate-200 p-4 dark:border-slate-700">
          <legend className="px-1 text-sm font-semibold">A few questions (optional)</legend>
          <p className="text-sm text-slate-600 dark:text-slate-300">
            They help the owner get to know you. Leave out any you prefer not to answer.
          </p>
          <div className="grid gap-4 sm:grid-cols-3">
            <FormField label="Home type" error={errors.homeType?.message}>
              <Select
                placeholder="Not said"
                options={homeTypeOptions}
                {...form.register('homeType')}
              />
            </FormField>
            <FormField label="Garden" error={errors.garden?.message}>
              <Select placeholder="Not said" options={yesNoOptions} {...form.register('garden')} />
            </FormField>
            <FormField label="Children at home" error={errors.childrenAtHome?.message}>
              <Select
                placeholder="Not said"
                options={yesNoOptions}
                {...form.register('childrenAtHome')}
              />
            </FormField>
          </div>
          <FormField label="Other pets" error={errors.otherPets?.message}>
            <Input {...form.register('otherPets')} />
          </FormField>
          <FormField label="Experience with pets" error={errors.experience?.message}>
            <Textarea rows={2} {...form.register('experience')} />
          </FormField>
          <FormField label="Message to the owner" error={errors.message?.message}>
            <Textarea rows={3} {...form.register('message')} />
          </FormField>
        </fieldset>
        <div className="mt-2 flex flex-wrap justify-end gap-2">
          <ModalClose asChild>
            <Button variant="secondary">Cancel</Button>
          </ModalClose>
          <Button type="submit" loading={isSubmitting}>
            Submit
          </Button>
        </div>
      </form>
    </Modal>
  );
}
