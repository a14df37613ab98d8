import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { expect, type Page } from "@playwright/test";

/** An 8 × 8 PNG of one colour. */
export const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAgAAAAICAIAAABLbSncAAAACXBIWXMAAAABAAAAAQBPJcTWAAAAEUlEQVR4nGPwc36KFTEMLQkAYyRdgS7Gp4IAAAAASUVORK5CYII=",
  "base64",
);

/** A 16 × 8 baseline JPEG of one colour. */
export const JPEG = Buffer.from(
  "/9j/4AAQSkZJRgABAgAAAQABAAD//gAQTGF2YzU5LjM3LjEwMAD/2wBDAAgKCgsKCw0NDQ0NDRAPEBAQEBAQEBAQEBASEhIVFRUSEhIQEBISFBQVFRcXFxUVFRUXFxkZGR4eHBwjIyQrKzP/xABMAAEBAAAAAAAAAAAAAAAAAAAABgEBAQAAAAAAAAAAAAAAAAAABgcQAQAAAAAAAAAAAAAAAAAAAAARAQAAAAAAAAAAAAAAAAAAAAD/wAARCAAIABADASIAAhEAAxEA/9oADAMBAAIRAxEAPwCoASc4f//Z",
  "base64",
);

/** One second of 64 × 36 H.264 video in an MP4 (fixtures/clip.mp4, under 3 KB). */
export const MP4 = readFileSync(path.join(path.dirname(fileURLToPath(import.meta.url)), "../fixtures/clip.mp4"));

export interface UploadFile {
  name: string;
  mimeType: string;
  buffer: Buffer;
}

export const png = (name: string): UploadFile => ({ name, mimeType: "image/png", buffer: PNG });
export const jpeg = (name: string): UploadFile => ({ name, mimeType: "image/jpeg", buffer: JPEG });
export const mp4 = (name: string): UploadFile => ({ name, mimeType: "video/mp4", buffer: MP4 });

/** Adds a file to the signed-in user's library through the API; returns its id. */
export async function uploadThroughApi(page: Page, file: UploadFile): Promise<string> {
  const res = await page.request.post("/api/media", { multipart: { file } });
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { media: { id: string } }).media.id;
}

/** The card of a file in the Media Library's grid. */
export const mediaCard = (page: Page, name: string) =>
  page.getByRole("list", { name: "Media files" }).getByRole("listitem").filter({ hasText: name });

/** Opens a card's menu and picks an entry. */
export async function cardAction(page: Page, name: string, action: "Preview" | "Download" | "Delete") {
  await page.getByRole("button", { name: `Actions for ${name}` }).click();
  await page.getByRole("menuitem", { name: action }).click();
}
