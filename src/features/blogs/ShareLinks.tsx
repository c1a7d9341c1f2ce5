import {
  FacebookIcon,
  FacebookShareButton,
  LinkedinIcon,
  LinkedinShareButton,
  TwitterIcon,
  TwitterShareButton,
  WhatsappIcon,
  WhatsappShareButton,
} from 'react-share';
import { shareSummary } from './blogFormat';
import { useTranslation } from '../../i18n';

/** Share a post on Facebook, LinkedIn, Twitter and WhatsApp with 'Check: <title>' and its first 200 characters. */
export function ShareLinks({ title, content, url }: { title: string; content: string; url: string }) {
  const { t } = useTranslation('blogs');
  // The words around the title follow the page's language: the reader shares in the language she reads.
  const quote = t('share.quote', { title });
  const summary = shareSummary(content);
  return (
    <div className="share-links">
      <span className="share-links__label">{t('share.label')}</span>
      <FacebookShareButton url={url} aria-label={t('share.facebook')} hashtag="#NileClinic">
        <FacebookIcon size={36} round />
      </FacebookShareButton>
      <LinkedinShareButton url={url} title={quote} summary={summary} source="Nile Clinic" aria-label={t('share.linkedin')}>
        <LinkedinIcon size={36} round />
      </LinkedinShareButton>
      <TwitterShareButton url={url} title={quote} aria-label={t('share.twitter')}>
        <TwitterIcon size={36} round />
      </TwitterShareButton>
      <WhatsappShareButton url={url} title={quote} separator=" " aria-label={t('share.whatsapp')}>
        <WhatsappIcon size={36} round />
      </WhatsappShareButton>
    </div>
  );
}
