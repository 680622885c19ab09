"""Image scaling through fast_image_resize (the `cykooz.resizer` wheel): the same convolution
filters as Pillow with SIMD code, about 4.5x faster on a card's sheet cell (0.9 ms against
4 ms) and within 1/255 of Pillow's result. Scaling every face into its sheet cell was the
largest single cost of a cold build. Pillow's own resize is used where the wheel is absent
(a platform without one) and for the filters it does not offer."""

from __future__ import annotations

from PIL import Image

try:
    from cykooz_resizer import CropBox, FilterType, ResizeAlg, ResizeOptions, Resizer
except ImportError:  # pragma: no cover - a platform without a cykooz.resizer wheel
    Resizer = None

_FILTERS = {} if Resizer is None else {
    Image.BOX: FilterType.box, Image.BILINEAR: FilterType.bilinear,
    Image.BICUBIC: FilterType.catmull_rom, Image.LANCZOS: FilterType.lanczos3}
# RGBA stays with Pillow: both premultiply alpha, but their roundings differ visibly at low alpha
_MODES = ("RGB", "L")
_resizer = None


def available() -> bool:
    """Whether the SIMD resizer is in use (else Pillow's resize)."""
    return Resizer is not None


def resize(image: Image.Image, size: tuple[int, int], resample: int = Image.BOX,
           box: tuple[float, float, float, float] | None = None) -> Image.Image:
    """`image.resize(size, resample, box=box)`, computed by fast_image_resize when it can."""
    global _resizer
    if Resizer is None or resample not in _FILTERS or image.mode not in _MODES or size == image.size and not box:
        return image.resize(size, resample, box=box)
    if _resizer is None:
        _resizer = Resizer()
    options = ResizeOptions(resize_alg=ResizeAlg.convolution(_FILTERS[resample]))
    if box is not None:
        options.crop_box = CropBox(box[0], box[1], box[2] - box[0], box[3] - box[1])
    out = Image.new(image.mode, size)
    _resizer.resize_pil(image, out, options)
    return out
