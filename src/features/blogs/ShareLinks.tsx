import { FacebookIcon, FacebookShareButton, LinkedinIcon, LinkedinShareButton, TwitterIcon, TwitterShareButton, WhatsappIcon, WhatsappShareButton } from 'react-share';
import { shareQuote, shareSummary } from './blogFormat';

/** Share a post on Facebook, LinkedIn, Twitter and WhatsApp with 'Check: <title>' and its first 200 characters. */
export function ShareLinks({ title, content, url }: { title: string; content: string; url: string }) {
  const quote = shareQuote(title);
  const summary = shareSummary(content);
  return (
    <div className="share-links">
      <span className="share-links__label">Share:</span>
      <FacebookShareButton url={url} aria-label="Share on Facebook" hashtag="#NileClinic">
        <FacebookIcon size={36} round />
      </FacebookShareButton>
      <LinkedinShareButton url={url} title={quote} summary={summary} source="Nile Clinic" aria-label="Share on LinkedIn">
        <LinkedinIcon size={36} round />
      </LinkedinShareButton>
      <TwitterShareButton url={url} title={quote} aria-label="Share on Twitter">
        <TwitterIcon size={36} round />
      </TwitterShareButton>
      <WhatsappShareButton url={url} title={quote} separator=" " aria-label="Share on WhatsApp">
        <WhatsappIcon size={36} round />
      </WhatsappShareButton>
    </div>
  );
}
