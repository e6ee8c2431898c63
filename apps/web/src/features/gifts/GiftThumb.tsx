import type { Gift } from '@app/domain';
import './gifts.css';

/**
 * The list's image cell: a voucher gift has no image of its own and shows the
 * default voucher picture; a good shows its image, or a film icon when its media is a video.
 */
export function GiftThumb({ gift }: { gift: Pick<Gift, 'TYPE' | 'MEDIA'> }) {
  if (gift.TYPE === 'voucher') {
    return (
      <span className="dt-thumb gift-thumb-voucher" role="img" aria-label="Voucher" title="Voucher">
        <i className="pi pi-ticket" aria-hidden="true" />
      </span>
    );
  }
  const media = gift.MEDIA;
  if (media?.mime_type.startsWith('video/')) {
    return (
      <span className="dt-thumb dt-thumb-empty" role="img" aria-label={`Vidéo : ${media.file_name}`} title={media.file_name}>
        <i className="pi pi-video" aria-hidden="true" />
      </span>
    );
  }
  if (media) return <img className="dt-thumb" src={media.original_url} alt="" loading="lazy" />;
  return (
    <span className="dt-thumb dt-thumb-empty" role="img" aria-label="Pas d'image">
      <i className="pi pi-image" aria-hidden="true" />
    </span>
  );
}
