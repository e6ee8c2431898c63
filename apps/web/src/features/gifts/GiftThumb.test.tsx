import type { Gift } from '@app/domain';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { GiftThumb } from './GiftThumb';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let root: Root;
let host: HTMLElement;
beforeEach(() => {
  host = document.createElement('div');
  document.body.appendChild(host);
  root = createRoot(host);
});
afterEach(() => {
  act(() => root.unmount());
  document.body.innerHTML = '';
});

const media = (mime: string, name: string): Gift['MEDIA'] => ({
  id: 1,
  original_url: `/uploads/gifts-1-x.${name.split('.')[1]}`,
  file_name: name,
  mime_type: mime,
  size: 10,
});
const draw = (gift: Pick<Gift, 'TYPE' | 'MEDIA'>) => act(() => root.render(<GiftThumb gift={gift} />));

describe('gift image cell', () => {
  it('shows the default voucher picture for a voucher gift, whatever media it has', () => {
    draw({ TYPE: 'voucher', MEDIA: media('image/png', 'a.png') });
    expect(host.querySelector('[role="img"]')?.getAttribute('aria-label')).toBe('Voucher');
    expect(host.querySelector('.pi-ticket')).not.toBeNull();
    expect(host.querySelector('img')).toBeNull();
  });

  it('shows a good’s image, a film icon for its video, a placeholder when it has none', () => {
    draw({ TYPE: 'bien', MEDIA: media('image/png', 'sac.png') });
    expect(host.querySelector('img.dt-thumb')?.getAttribute('src')).toBe('/uploads/gifts-1-x.png');
    draw({ TYPE: 'bien', MEDIA: media('video/mp4', 'clip.mp4') });
    expect(host.querySelector('img')).toBeNull();
    expect(host.querySelector('[role="img"]')?.getAttribute('aria-label')).toBe('Vidéo : clip.mp4');
    draw({ TYPE: 'bien', MEDIA: null });
    expect(host.querySelector('[role="img"]')?.getAttribute('aria-label')).toBe("Pas d'image");
  });
});
