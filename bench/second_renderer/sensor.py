"""From light on the sensor to a JPEG: lens blur, motion, bloom, Bayer mosaic, noise, ISP.

Values are linear light in 'full scale' units (1.0 = a photosite's full well at the
chosen exposure). Noise is physical: Poisson shot noise on the collected electrons
plus Gaussian read noise, on the mosaic (one colour per photosite), before demosaicing,
so it comes out with the colour and spatial correlation a real camera gives it.
"""

from __future__ import annotations

import math

import cv2
import numpy as np
import numpy.typing as npt

F32 = npt.NDArray[np.float32]


def vignetting(width: int, height: int, strength: float) -> F32:
    """Relative illumination left after shading correction: 1 at the centre, 1-strength in the corners."""
    u = (np.arange(width, dtype=np.float32) - width / 2) / (width / 2)
    v = (np.arange(height, dtype=np.float32) - height / 2) / (height / 2)
    r2 = (u[None, :] ** 2 + v[:, None] ** 2) / 2.0
    fall = 1.0 - strength * (0.7 * r2 + 0.3 * r2 * r2)
    return np.asarray(fall, dtype=np.float32)


def lens_blur(img: F32, sigma: float) -> F32:
    return np.asarray(cv2.GaussianBlur(img, (0, 0), sigma), dtype=np.float32)


def motion_blur(img: F32, length_px: float, angle_deg: float) -> F32:
    """Linear motion during the exposure: a line kernel, centred (mid-exposure position)."""
    if length_px < 0.5:
        return img
    n = math.ceil(length_px) * 2 + 3
    k = np.zeros((n, n), np.float32)
    c = n // 2
    a = math.radians(angle_deg)
    steps = max(8, int(length_px * 6))
    for i in range(steps):
        t = (i / (steps - 1) - 0.5) * length_px
        x, y = c + t * math.cos(a), c + t * math.sin(a)
        x0, y0 = math.floor(x), math.floor(y)
        fx, fy = x - x0, y - y0
        k[y0, x0] += (1 - fx) * (1 - fy)
        k[y0, x0 + 1] += fx * (1 - fy)
        k[y0 + 1, x0] += (1 - fx) * fy
        k[y0 + 1, x0 + 1] += fx * fy
    k /= k.sum()
    return np.asarray(cv2.filter2D(img, -1, k, borderType=cv2.BORDER_REFLECT), dtype=np.float32)


def bloom(img: F32, threshold: float = 0.9) -> F32:
    """Light scattered in the lens and cover glass around over-exposed areas."""
    over = np.maximum(img - threshold, 0.0)
    if float(over.max()) <= 0.0:
        return img
    small = cv2.resize(over, (img.shape[1] // 4, img.shape[0] // 4), interpolation=cv2.INTER_AREA)
    near = cv2.GaussianBlur(small, (0, 0), 3.0)
    far = cv2.GaussianBlur(small, (0, 0), 18.0)
    halo = cv2.resize(
        0.35 * near + 0.25 * far, (img.shape[1], img.shape[0]), interpolation=cv2.INTER_LINEAR
    )
    return np.asarray(img + halo, dtype=np.float32)


def capture(
    img_bgr: F32,
    rng: np.random.Generator,
    full_well_e: float,
    read_noise_e: float,
    wb_gains_bgr: tuple[float, float, float],
    jpeg_quality: int | None,
) -> npt.NDArray[np.uint8]:
    """Bayer RGGB sampling, shot + read noise, 10-bit ADC, demosaic, white balance, sRGB, JPEG."""
    h, w = img_bgr.shape[:2]
    h2, w2 = h - h % 2, w - w % 2
    x = img_bgr[:h2, :w2]
    mosaic = np.empty((h2, w2), np.float32)
    mosaic[0::2, 0::2] = x[0::2, 0::2, 2]  # R
    mosaic[0::2, 1::2] = x[0::2, 1::2, 1]  # G
    mosaic[1::2, 0::2] = x[1::2, 0::2, 1]  # G
    mosaic[1::2, 1::2] = x[1::2, 1::2, 0]  # B
    electrons = np.clip(mosaic, 0.0, 4.0) * full_well_e
    noisy = rng.poisson(electrons).astype(np.float32) + rng.normal(
        0.0, read_noise_e, electrons.shape
    ).astype(np.float32)
    dn = np.clip(np.round(noisy / full_well_e * 1023.0 + 16.0), 0, 1023).astype(
        np.uint16
    )  # black level 16
    rgb16 = cv2.cvtColor(dn, cv2.COLOR_BayerRGGB2BGR_EA)  # edge-aware demosaic
    lin = (rgb16.astype(np.float32) - 16.0) / (1023.0 - 16.0)
    lin *= np.asarray(wb_gains_bgr, dtype=np.float32)[None, None, :]
    lin = np.clip(lin, 0.0, 1.0)
    srgb = np.where(lin <= 0.0031308, lin * 12.92, 1.055 * np.power(lin, 1 / 2.4) - 0.055)
    out = np.clip(np.round(srgb * 255.0), 0, 255).astype(np.uint8)
    if w2 != w or h2 != h:
        out = cv2.copyMakeBorder(out, 0, h - h2, 0, w - w2, cv2.BORDER_REPLICATE)
    if jpeg_quality is not None:
        ok, buf = cv2.imencode(".jpg", out, [cv2.IMWRITE_JPEG_QUALITY, jpeg_quality])
        if not ok:
            raise RuntimeError("JPEG encoding failed")
        out = cv2.imdecode(buf, cv2.IMREAD_COLOR)
    return np.asarray(out, dtype=np.uint8)
