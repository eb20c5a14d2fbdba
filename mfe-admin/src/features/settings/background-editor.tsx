import { type SiteSettings, siteSettingsSchema } from '@gi/contracts';
import { buttonClass, toast } from '@gi/ui';
import { type FormEvent, useState } from 'react';
import { ImageField } from '../../shared/image-field.tsx';
import section from '../../shared/section.module.css';
import { SettingsLoader } from './settings-loader.tsx';
import { useSettingsForm } from './use-settings-form.ts';

const backgroundSchema = siteSettingsSchema.pick({ heroBackground: true });

function BackgroundForm({ settings }: { settings: SiteSettings }) {
  const [image, setImage] = useState(settings.heroBackground ?? '');
  const [uploading, setUploading] = useState(false);
  const { errors, saving, submit } = useSettingsForm(backgroundSchema, {
    onSaved: () => toast({ title: 'Berhasil', description: 'Background hero berhasil disimpan' }),
    failure: 'Gagal menyimpan background hero',
  });

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (saving || uploading) return;
    submit(event.currentTarget);
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
        <button type="submit" className={buttonClass.primary} disabled={saving || uploading}>
          {saving ? 'Menyimpan...' : 'Simpan Background'}
        </button>
      </div>
    </form>
  );
}

/** background: the hero image every visitor sees (stored in settings.heroBackground). */
export function BackgroundEditor() {
  return <SettingsLoader>{(settings) => <BackgroundForm settings={settings} />}</SettingsLoader>;
}
