import { ProfileContactSchema } from '@frameport/domain';
import { PROFILE_PICTURE_MAX_BYTES, type UserProfile } from '@frameport/domain/contract';
import { messages } from '@frameport/domain/messages';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  Alert,
  Avatar,
  Button,
  Card,
  FileButton,
  Group,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertCircle, IconPencil, IconUser } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { getErrorMessage } from '../../../lib/api-client.ts';
import { RESULT_TOAST_MS } from '../../../lib/notify.ts';
import { profileQueries } from '../../../lib/profile-queries.ts';
import { useUpdateProfile } from '../api.ts';
import { SignInEmailCard } from './change-email.tsx';
import { OrderingLimitsCard } from './ordering-limits-card.tsx';
import { LoadError, retryQuery } from '../../../components/load-error.tsx';

/** The picture types the server accepts (contract: PNG, JPEG or WebP). */
const PICTURE_TYPES = ['image/png', 'image/jpeg', 'image/webp'];
const PICTURE_SIZE_ERROR = messages.profile.pictureSize(PROFILE_PICTURE_MAX_BYTES / (1024 * 1024));
const NOT_SET = 'Not set';
export const EMAIL_READ_ONLY_NOTE = 'Use Change email under Sign-in email to change it.';

type ProfileDetailsProps = {
  /** The retailer a sales executive acts for; null: the signed-in user's own profile. */
  email: string | null;
};

/**
 * The My Profile tab: the profile read-only, with the picture (a placeholder when there is none).
 * Edit Profile opens the contact name, phones and the picture, with the email read-only; business
 * name, PAN, GSTIN and the address stay read-only (spec section 5). The user's own sign-in email
 * changes through its own card (Change email: password, then a link to the new address).
 */
export function ProfileDetails({ email }: ProfileDetailsProps) {
  const profile = useQuery(profileQueries.detail(email));
  const [editing, setEditing] = useState(false);

  if (profile.isPending) {
    return (
      <Stack gap="md" aria-busy="true" aria-label="Loading the profile">
        <Skeleton height={96} radius="md" />
        <Skeleton height={220} radius="md" />
      </Stack>
    );
  }
  if (profile.isError) {
    return (
      <LoadError title={messages.profile.loadFailed} {...retryQuery(profile)} />
    );
  }

  const data = profile.data;
  return (
    <Stack gap="md">
      <Card withBorder radius="md" padding="lg" component="section" aria-label="Profile summary">
        <Group gap="md" wrap="nowrap" align="center">
          <ProfileAvatar profile={data} src={data.ProfilePictureUrl} size={72} />
          <div style={{ minWidth: 0 }}>
            <Title order={2} fz="h3" style={{ overflowWrap: 'anywhere' }}>
              {data.Name}
            </Title>
            {data.BusinessName && (
              <Text c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                {data.BusinessName}
              </Text>
            )}
          </div>
        </Group>
      </Card>

      {editing ? (
        <ContactForm profile={data} actingEmail={email} onDone={() => setEditing(false)} />
      ) : (
        <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="contact-details-title">
          <Group justify="space-between" gap="sm">
            <Title order={2} fz="h4" id="contact-details-title">
              Contact details
            </Title>
            <Button variant="outline" leftSection={<IconPencil size={16} aria-hidden="true" />} onClick={() => setEditing(true)}>
              Edit Profile
            </Button>
          </Group>
          <Details
            items={[
              ['Contact person', data.Name],
              [messages.fields.phone, data.PhoneNumber],
              [messages.fields.alternatePhone, data.AlternatePhoneNumber],
              [messages.fields.email, data.Email],
            ]}
          />
        </Card>
      )}

      {email === null && <SignInEmailCard email={data.Email} />}

      <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="business-details-title">
        <Title order={2} fz="h4" id="business-details-title">
          Business details
        </Title>
        <Details
          items={[
            ['Business name', data.BusinessName],
            ['Address', data.Address],
            ['City', data.City],
            ['State', data.StateName],
            ['Country', data.CountryName],
            ['PIN code', data.PinCode],
            ['PAN', data.PAN],
            [messages.fields.gstin, data.GSTIN],
          ]}
        />
      </Card>

      <OrderingLimitsCard
        MaxLimitPerVariant={data.MaxLimitPerVariant}
        MaxOrderQuantity={data.MaxOrderQuantity}
        MaxOrderValue={data.MaxOrderValue}
      />
    </Stack>
  );
}

function Details({ items }: { items: [label: string, value: string | null][] }) {
  return (
    <SimpleGrid component="dl" cols={{ base: 1, xs: 2 }} spacing="md" verticalSpacing="sm" mt="md" mb={0}>
      {items.map(([label, value]) => (
        <div key={label}>
          <Text component="dt" size="sm" c="dimmed">
            {label}
          </Text>
          <Text component="dd" m={0} fw={500} c={value ? undefined : 'dimmed'} style={{ overflowWrap: 'anywhere' }}>
            {value || NOT_SET}
          </Text>
        </div>
      ))}
    </SimpleGrid>
  );
}

function ProfileAvatar({ profile, src, size }: { profile: UserProfile; src: string | null; size: number }) {
  return (
    <Avatar src={src} alt={`Profile picture of ${profile.Name}`} size={size} radius="xl" color="frameport">
      <IconUser size={size / 2} aria-hidden="true" />
    </Avatar>
  );
}

function readAsDataUrl(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error(messages.profile.pictureUnreadable));
    reader.readAsDataURL(file);
  });
}

type ContactFormProps = { profile: UserProfile; actingEmail: string | null; onDone: () => void };

/**
 * The edit form: Submit only after a valid change (a field or a new picture), Cancel puts every
 * value back. A picture is checked here (type, size) and previewed before anything is sent.
 */
function ContactForm({ profile, actingEmail, onDone }: ContactFormProps) {
  const update = useUpdateProfile();
  const resetPicker = useRef<() => void>(null);
  const [picture, setPicture] = useState<string | null>(null);
  const [pictureError, setPictureError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isDirty, isValid },
  } = useForm({
    resolver: zodResolver(ProfileContactSchema),
    mode: 'onChange',
    defaultValues: {
      name: profile.Name,
      phoneNumber: profile.PhoneNumber ?? '',
      alternatePhoneNumber: profile.AlternatePhoneNumber ?? '',
      email: profile.Email,
    },
  });

  const choosePicture = async (file: File | null) => {
    setPictureError(null);
    setPicture(null);
    if (file === null) return;
    if (!PICTURE_TYPES.includes(file.type)) {
      setPictureError(messages.profile.pictureType);
      resetPicker.current?.();
      return;
    }
    if (file.size > PROFILE_PICTURE_MAX_BYTES) {
      setPictureError(PICTURE_SIZE_ERROR);
      resetPicker.current?.();
      return;
    }
    try {
      setPicture(await readAsDataUrl(file));
    } catch (error) {
      setPictureError(error instanceof Error ? error.message : String(error));
    }
  };

  const canSubmit = (isDirty || picture !== null) && isValid && pictureError === null;

  const onSubmit = handleSubmit((values) =>
    update.mutate(
      { ...values, ...(picture !== null && { profilePicture: picture }), ...(actingEmail !== null && { Email: actingEmail }) },
      {
        onSuccess: () => {
          notifications.show({ title: messages.toast.success, message: messages.profile.updated, color: 'green', autoClose: RESULT_TOAST_MS });
          onDone();
        },
      },
    ),
  );

  const busy = update.isPending;
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="edit-contact-title">
      <form onSubmit={onSubmit} noValidate aria-labelledby="edit-contact-title">
        <Stack gap="md">
          <Title order={2} fz="h4" id="edit-contact-title">
            Edit contact details
          </Title>

          <Group gap="md" wrap="nowrap" align="center">
            <ProfileAvatar profile={profile} src={picture ?? profile.ProfilePictureUrl} size={64} />
            <Stack gap={4} style={{ minWidth: 0 }}>
              <FileButton
                onChange={(file) => void choosePicture(file)}
                accept={PICTURE_TYPES.join(',')}
                resetRef={resetPicker}
                disabled={busy}
                inputProps={{ 'aria-label': 'Profile picture file' }}
              >
                {(props) => (
                  <Button {...props} variant="default" size="sm" disabled={busy} style={{ alignSelf: 'flex-start' }}>
                    Choose picture
                  </Button>
                )}
              </FileButton>
              <Text size="xs" c="dimmed">
                PNG, JPEG or WebP, up to {PROFILE_PICTURE_MAX_BYTES / (1024 * 1024)} MB
                {picture !== null && '. Preview: saved when you submit.'}
              </Text>
              {pictureError !== null && (
                <Text size="sm" c="red.9" role="alert">
                  {pictureError}
                </Text>
              )}
            </Stack>
          </Group>

          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <TextInput
              {...register('name')}
              label="Contact person name"
              autoComplete="name"
              disabled={busy}
              error={errors.name?.message}
            />
            <TextInput
              {...register('email')}
              label={messages.fields.email}
              type="email"
              inputMode="email"
              autoComplete="email"
              autoCapitalize="none"
              spellCheck={false}
              disabled={busy}
              // The sign-in email changes only through Change email (the server refuses it here);
              // acting for a retailer, it stays theirs to change.
              readOnly
              description={actingEmail !== null ? messages.profile.emailOnBehalf : EMAIL_READ_ONLY_NOTE}
              error={errors.email?.message}
            />
            <TextInput
              {...register('phoneNumber')}
              label={messages.fields.phone}
              type="tel"
              inputMode="tel"
              autoComplete="tel"
              disabled={busy}
              error={errors.phoneNumber?.message}
            />
            <TextInput
              {...register('alternatePhoneNumber')}
              label={messages.fields.alternatePhone}
              description="Optional"
              type="tel"
              inputMode="tel"
              disabled={busy}
              error={errors.alternatePhoneNumber?.message}
            />
          </SimpleGrid>

          {update.isError && (
            <Alert color="red" variant="light" icon={<IconAlertCircle size={18} aria-hidden="true" />}>
              {getErrorMessage(update.error)}
            </Alert>
          )}

          <Group gap="sm">
            <Button type="submit" loading={busy} disabled={!canSubmit}>
              Submit
            </Button>
            <Button variant="outline" onClick={onDone} disabled={busy}>
              {messages.actions.cancel}
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
