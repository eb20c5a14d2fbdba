import { fieldErrors, type SiteSettings, siteSettingsSchema } from '@gi/contracts';
import { ApiError } from '@gi/contracts/client';
import { buttonClass, toast, toastError } from '@gi/ui';
import { type FormEvent, useState } from 'react';
import { ImageField } from '../../components/image-field.tsx';
import section from '../../components/section.module.css';
import { useSaveSettings } from './api.ts';
import { SettingsLoader } from './settings-loader.tsx';

const backgroundSchema = siteSettingsSchema.pick({ heroBackground: true });

function BackgroundForm({ settings }: { settings: SiteSettings }) {
  const [image, setImage] = useState(settings.heroBackground ?? '');
  const [uploading, setUploading] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = useSaveSettings();

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (save.isPending || uploading) return;
    const parsed = backgroundSchema.safeParse({ heroBackground: image });
    if (!parsed.success) return setErrors(fieldErrors(parsed.error));
    setErrors({});
    save.mutate(parsed.data, {
      onSuccess: () => toast({ title: 'Berhasil', description: 'Background hero berhasil disimpan' }),
      onError: (error) => {
        if (error instanceof ApiError) setErrors(error.fields);
        toastError('Gagal menyimpan background hero');
      },
    });
  }

  return (
    <form className={section.form} onSubmit={onSubmit} noValidate>
      <p className={section.note}>
        Gambar latar di bagian atas beranda. Kosongkan untuk memakai latar bawaan toko.
      </p>
      <ImageField
        label="Gambar Background Hero"
        name="heroBackground"
        value={image}
        onChange={setImage}
        allowUrl
        optional
        error={errors.heroBackground}
        onUploadingChange={setUploading}
      />
      <div className={section.buttons}>
        <button type="submit" className={buttonClass.primary} disabled={save.isPending || uploading}>
          {save.isPending ? 'Menyimpan...' : 'Simpan Background'}
        </button>
      </div>
    </form>
  );
}

/** background: the hero image every visitor sees (stored in settings.heroBackground). */
export function BackgroundEditor() {
  return <SettingsLoader>{(settings) => <BackgroundForm settings={settings} />}</SettingsLoader>;
}
