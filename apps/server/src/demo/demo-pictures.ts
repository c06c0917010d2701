import type { PetCategory } from '@pet-haven/shared/pets';
import sharp from 'sharp';

/**
 * Pictures for the demo data, drawn locally as SVG and rasterised to PNG with sharp (no network,
 * no fonts). Each is then uploaded through the same pipeline as a user's picture.
 */

export interface Palette {
  /** background */
  bg: string;
  /** main body colour */
  body: string;
  /** secondary colour (ears, spots, shell...) */
  accent: string;
}

const W = 1200;
const H = 900;

const eyes = (cx: number, cy: number, gap: number, r = 18) => `
  <circle cx="${cx - gap}" cy="${cy}" r="${r}" fill="#1f2937"/>
  <circle cx="${cx + gap}" cy="${cy}" r="${r}" fill="#1f2937"/>
  <circle cx="${cx - gap + 6}" cy="${cy - 6}" r="${r / 3}" fill="#fff"/>
  <circle cx="${cx + gap + 6}" cy="${cy - 6}" r="${r / 3}" fill="#fff"/>`;

const scenery = (p: Palette) => `
  <rect width="${W}" height="${H}" fill="${p.bg}"/>
  <circle cx="1040" cy="150" r="90" fill="#fff" opacity="0.35"/>
  <circle cx="180" cy="760" r="220" fill="#fff" opacity="0.18"/>
  <rect y="720" width="${W}" height="180" fill="#000" opacity="0.07"/>`;

const drawings: Record<PetCategory, (p: Palette) => string> = {
  dog: (p) => `
    <ellipse cx="600" cy="700" rx="260" ry="120" fill="${p.body}"/>
    <ellipse cx="390" cy="420" rx="80" ry="170" fill="${p.accent}" transform="rotate(18 390 420)"/>
    <ellipse cx="810" cy="420" rx="80" ry="170" fill="${p.accent}" transform="rotate(-18 810 420)"/>
    <circle cx="600" cy="430" r="220" fill="${p.body}"/>
    <ellipse cx="600" cy="520" rx="120" ry="90" fill="#fff" opacity="0.85"/>
    ${eyes(600, 400, 80, 22)}
    <ellipse cx="600" cy="480" rx="40" ry="28" fill="#1f2937"/>
    <path d="M560 540 Q600 580 640 540" stroke="#1f2937" stroke-width="8" fill="none"/>
    <path d="M585 560 Q600 620 615 560 Z" fill="#f87171"/>`,
  cat: (p) => `
    <ellipse cx="600" cy="710" rx="230" ry="110" fill="${p.body}"/>
    <path d="M860 700 Q1000 640 960 520" stroke="${p.body}" stroke-width="40" fill="none" stroke-linecap="round"/>
    <polygon points="410,330 450,130 560,260" fill="${p.body}"/>
    <polygon points="790,330 750,130 640,260" fill="${p.body}"/>
    <polygon points="440,300 460,190 525,265" fill="${p.accent}"/>
    <polygon points="760,300 740,190 675,265" fill="${p.accent}"/>
    <circle cx="600" cy="430" r="200" fill="${p.body}"/>
    ${eyes(600, 410, 75, 24)}
    <polygon points="580,480 620,480 600,505" fill="#f472b6"/>
    <g stroke="#1f2937" stroke-width="5">
      <line x1="470" y1="500" x2="360" y2="480"/><line x1="470" y1="520" x2="360" y2="530"/>
      <line x1="730" y1="500" x2="840" y2="480"/><line x1="730" y1="520" x2="840" y2="530"/>
    </g>`,
  bird: (p) => `
    <rect x="250" y="690" width="700" height="24" rx="12" fill="#92400e"/>
    <ellipse cx="600" cy="520" rx="210" ry="190" fill="${p.body}"/>
    <ellipse cx="660" cy="540" rx="130" ry="100" fill="${p.accent}" transform="rotate(-20 660 540)"/>
    <circle cx="520" cy="360" r="130" fill="${p.body}"/>
    ${eyes(520, 340, 45, 16)}
    <polygon points="400,370 320,395 400,410" fill="#f59e0b"/>
    <polygon points="780,560 900,520 880,620" fill="${p.accent}"/>
    <g stroke="#f59e0b" stroke-width="10"><line x1="560" y1="700" x2="560" y2="660"/><line x1="640" y1="700" x2="640" y2="660"/></g>`,
  reptile: (p) => `
    <ellipse cx="860" cy="560" rx="110" ry="80" fill="${p.body}"/>
    ${eyes(880, 530, 35, 14)}
    <ellipse cx="430" cy="700" rx="60" ry="40" fill="${p.body}"/>
    <ellipse cx="770" cy="700" rx="60" ry="40" fill="${p.body}"/>
    <polygon points="300,600 230,620 300,640" fill="${p.body}"/>
    <ellipse cx="560" cy="600" rx="280" ry="190" fill="${p.accent}"/>
    <g fill="${p.body}" opacity="0.55">
      <polygon points="560,450 640,500 620,590 500,590 480,500"/>
      <polygon points="380,560 450,520 470,620 400,680 350,640"/>
      <polygon points="740,560 670,520 650,620 720,680 770,640"/>
    </g>`,
  other: (p) => `
    <ellipse cx="600" cy="680" rx="220" ry="140" fill="${p.body}"/>
    <circle cx="800" cy="720" r="45" fill="#fff"/>
    <ellipse cx="530" cy="220" rx="55" ry="170" fill="${p.body}"/>
    <ellipse cx="670" cy="220" rx="55" ry="170" fill="${p.body}"/>
    <ellipse cx="530" cy="230" rx="25" ry="120" fill="${p.accent}"/>
    <ellipse cx="670" cy="230" rx="25" ry="120" fill="${p.accent}"/>
    <circle cx="600" cy="450" r="170" fill="${p.body}"/>
    ${eyes(600, 430, 65, 20)}
    <ellipse cx="600" cy="500" rx="22" ry="16" fill="#f472b6"/>
    <path d="M570 530 Q600 555 630 530" stroke="#1f2937" stroke-width="6" fill="none"/>`,
};

export function petSvg(category: PetCategory, palette: Palette): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">${scenery(palette)}${drawings[category](palette)}</svg>`;
}

/** A round avatar with a simple face, for the demo users' profile pictures. */
export function avatarSvg(bg: string, skin: string, hair: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="400" height="400" viewBox="0 0 400 400">
    <rect width="400" height="400" fill="${bg}"/>
    <ellipse cx="200" cy="420" rx="150" ry="110" fill="${hair}" opacity="0.8"/>
    <circle cx="200" cy="190" r="105" fill="${hair}"/>
    <circle cx="200" cy="210" r="90" fill="${skin}"/>
    ${eyes(200, 200, 32, 10)}
    <path d="M170 250 Q200 275 230 250" stroke="#1f2937" stroke-width="6" fill="none"/>
  </svg>`;
}

/** Rasterises an SVG to PNG bytes. */
export const svgToPng = (svg: string) => sharp(Buffer.from(svg)).png().toBuffer();
