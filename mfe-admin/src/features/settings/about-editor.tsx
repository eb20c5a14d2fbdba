import { type SiteSettings, siteSettingsSchema } from '@gi/contracts';
import { buttonClass, Field, TextAreaField } from '@gi/ui';
import { type FormEvent, useState } from 'react';
import { ImageField } from '../../shared/image-field.tsx';
import section from '../../shared/section.module.css';
import { SettingsLoader } from './settings-loader.tsx';
import { useSettingsForm } from './use-settings-form.ts';

const aboutSchema = siteSettingsSchema.pick({
  aboutTitle: true,
  aboutParagraph1: true,
  aboutParagraph2: true,
  aboutImage: true,
});

function AboutForm({ settings }: { settings: SiteSettings }) {
  const [image, setImage] = useState(settings.aboutImage ?? '');
  const [uploading, setUploading] = useState(false);
  const { errors, saving, submit } = useSettingsForm(aboutSchema, {
    onSaved: () => window.alert('Konten About berhasil disimpan!'),
    failure: 'Gagal menyimpan konten About',
  });

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (saving || uploading) return;
    submit(event.currentTarget);
  }

  return (
    <form className={section.form} onSubmit={onSubmit} noValidate>
      <Field
        label="Judul"
        name="aboutTitle"
        defaultValue={settings.aboutTitle}
        error={errors.aboutTitle}
        required
      />
      <TextAreaField
        label="Paragraf 1"
        name="aboutParagraph1"
        rows={5}
        defaultValue={settings.aboutParagraph1}
        error={errors.aboutParagraph1}
        required
      />
      <TextAreaField
        label="Paragraf 2"
        name="aboutParagraph2"
        rows={5}
        defaultValue={settings.aboutParagraph2}
        error={errors.aboutParagraph2}
        required
      />
      <ImageField
        label="Gambar About (kosongkan untuk gambar bawaan)"
        name="aboutImage"
        value={image}
        onChange={setImage}
        allowUrl
        optional
        error={errors.aboutImage}
        onUploadingChange={setUploading}
      />
      <div className={section.buttons}>
        <button type="submit" className={buttonClass.primary} disabled={saving || uploading}>
          {saving ? 'Menyimpan...' : 'Simpan Konten About'}
        </button>
      </div>
    </form>
  );
}

/** about: the home and about pages' title, two paragraphs and image, stored on the server. */
export function AboutEditor() {
  return <SettingsLoader>{(settings) => <AboutForm settings={settings} />}</SettingsLoader>;
}
