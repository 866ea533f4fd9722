import { getNodesBounds, getViewportForBounds, type Node } from '@xyflow/react';
import { toPng, toSvg } from 'html-to-image';

/**
 * The whole diagram as a PNG or SVG file, the way React Flow documents it: html-to-image draws
 * the flow's viewport element (nodes, edges and their labels) transformed so that every node's
 * bounds fit the image, whatever is on screen. Pinned to html-to-image 1.11.11 (decision 0013).
 */

export type ImageFormat = 'png' | 'svg';

const PADDING = 48;
const MIN_SIDE = 320;
/** Larger canvases are scaled down to fit; browsers refuse canvases much bigger than this. */
const MAX_SIDE = 4096;

/**
 * The picture shows the model, not the editor's controls: no handles, no edit or delete buttons,
 * no reconnect anchors at the ends of edges.
 */
const keep = (node: HTMLElement) =>
  !(
    node.classList?.contains('react-flow__handle') ||
    node.classList?.contains('react-flow__edgeupdater') ||
    node.tagName === 'BUTTON'
  );

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

/** The flow's viewport element, the layer React Flow pans and zooms. */
export const findFlowViewport = (root: ParentNode = document) =>
  root.querySelector<HTMLElement>('.react-flow__viewport');

export const renderDiagramImage = async (
  viewportElement: HTMLElement,
  nodes: Node[],
  format: ImageFormat,
): Promise<string> => {
  const bounds = getNodesBounds(nodes);
  const width = Math.round(clamp(bounds.width + PADDING * 2, MIN_SIDE, MAX_SIDE));
  const height = Math.round(clamp(bounds.height + PADDING * 2, MIN_SIDE, MAX_SIDE));
  const viewport = getViewportForBounds(bounds, width, height, 0.05, 2, `${PADDING}px`);
  const options = {
    backgroundColor: '#ffffff',
    filter: keep,
    width,
    height,
    style: {
      width: `${width}px`,
      height: `${height}px`,
      transform: `translate(${viewport.x}px, ${viewport.y}px) scale(${viewport.zoom})`,
    },
  };
  return format === 'png' ? toPng(viewportElement, options) : toSvg(viewportElement, options);
};

/** Saves a data: or blob: URL under `filename` through a temporary download link. */
export const downloadUrl = (url: string, filename: string) => {
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
};

export const downloadText = (text: string, filename: string, type: string) => {
  const url = URL.createObjectURL(new Blob([text], { type }));
  downloadUrl(url, filename);
  // After the click has been handled: revoking at once can cancel the download in some browsers.
  setTimeout(() => URL.revokeObjectURL(url), 1_000);
};

/** A file name from a canvas name: 'Shop v2' → 'shop-v2'. */
export const fileBaseName = (name: string) =>
  name
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '') || 'canvas';
