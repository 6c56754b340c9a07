#!/usr/bin/env python3
"""speech.py OUT.wav MINUTES [MEETING [LANGUAGE]] — about MINUTES of stand-up talk spoken by
espeak-ng, as 16 kHz mono WAV, with the words said in OUT.wav.txt (the reference for the word
error rate) and the same samples as raw 32-bit floats in OUT.wav.f32 (what the speech helper
reads). MEETING (0 unless given) picks another order of the same sentences, for runs over
different meetings (transcript_runs.py). LANGUAGE (Whisper's code: en, de, es, fr) says the
same kind of sentences in that language, in turns of about half a minute, each by another of
espeak-ng's voice variants (several speakers); without it, English in one voice, as the
English figures have always been measured."""
import array
import os
import subprocess
import sys
import wave

import gi

gi.require_version("Gst", "1.0")
from gi.repository import Gst  # noqa: E402

SENTENCES = [
    "Yesterday I fixed the build on the release branch.",
    "Today I will review the pull request for the login page.",
    "I am blocked on the database migration until the backup finishes.",
    "The demo for the customer is on Friday afternoon.",
    "We moved the search service to the new cluster last night.",
    "Nothing is blocking me right now.",
    "I paired with Maria on the payment bug and we found the cause.",
    "The test suite is green again after the timeout change.",
    "I will write the documentation for the export feature.",
    "Please look at my comments on the design document.",
    "The mobile team needs the new endpoint by Wednesday.",
    "I spent most of the day on the memory leak in the worker.",
    "We should talk about the holiday schedule after the meeting.",
    "The dashboard shows fewer errors since the last deploy.",
    "I am going to update the dependencies this morning.",
    "Our sprint goal is still realistic if the review goes well.",
]

# The same stand-up's sentences in the other languages the bench measures, written out in
# words (no digits: a reference must say what the speaker said).
SENTENCES_IN = {
    "de": [
        "Gestern habe ich den Build auf dem Release-Zweig repariert.",
        "Heute schaue ich mir den Pull-Request für die Anmeldeseite an.",
        "Ich warte mit der Datenbankmigration, bis die Sicherung fertig ist.",
        "Die Vorführung für den Kunden ist am Freitagnachmittag.",
        "Wir haben den Suchdienst gestern Abend auf den neuen Cluster umgezogen.",
        "Im Moment blockiert mich nichts.",
        "Ich habe mit Maria an dem Fehler bei der Zahlung gearbeitet, und wir haben die Ursache gefunden.",
        "Die Tests laufen nach der Änderung am Zeitlimit wieder grün.",
        "Ich schreibe die Dokumentation für die Exportfunktion.",
        "Bitte seht euch meine Kommentare zum Entwurf an.",
        "Das mobile Team braucht die neue Schnittstelle bis Mittwoch.",
        "Ich habe fast den ganzen Tag am Speicherleck im Hintergrunddienst gesessen.",
        "Über den Urlaubsplan sollten wir nach dem Treffen sprechen.",
        "Seit der letzten Auslieferung zeigt die Übersicht weniger Fehler.",
        "Heute Morgen aktualisiere ich die Abhängigkeiten.",
        "Unser Sprintziel ist noch realistisch, wenn die Prüfung gut läuft.",
    ],
    "es": [
        "Ayer arreglé la compilación en la rama de publicación.",
        "Hoy voy a revisar la solicitud de cambios de la página de inicio de sesión.",
        "Estoy bloqueado con la migración de la base de datos hasta que termine la copia de seguridad.",
        "La demostración para el cliente es el viernes por la tarde.",
        "Anoche movimos el servicio de búsqueda al nuevo clúster.",
        "Ahora mismo nada me bloquea.",
        "Trabajé con María en el error de los pagos y encontramos la causa.",
        "Las pruebas vuelven a pasar después del cambio del tiempo de espera.",
        "Voy a escribir la documentación de la función de exportar.",
        "Por favor, mirad mis comentarios sobre el documento de diseño.",
        "El equipo móvil necesita el nuevo servicio antes del miércoles.",
        "Pasé casi todo el día con la fuga de memoria del proceso de fondo.",
        "Deberíamos hablar del calendario de vacaciones después de la reunión.",
        "El panel muestra menos errores desde la última entrega.",
        "Esta mañana voy a actualizar las dependencias.",
        "El objetivo del sprint sigue siendo realista si la revisión va bien.",
    ],
    "fr": [
        "Hier, j'ai réparé la compilation sur la branche de publication.",
        "Aujourd'hui, je vais relire la demande de fusion pour la page de connexion.",
        "Je suis bloqué sur la migration de la base de données jusqu'à la fin de la sauvegarde.",
        "La démonstration pour le client a lieu vendredi après-midi.",
        "Hier soir, nous avons déplacé le service de recherche vers le nouveau serveur.",
        "Rien ne me bloque pour le moment.",
        "J'ai travaillé avec Maria sur le problème de paiement et nous avons trouvé la cause.",
        "Les tests passent de nouveau après le changement du délai.",
        "Je vais écrire la documentation de la fonction d'exportation.",
        "Regardez mes commentaires sur le document de conception, s'il vous plaît.",
        "L'équipe mobile a besoin du nouveau service avant mercredi.",
        "J'ai passé presque toute la journée sur la fuite de mémoire du processus de fond.",
        "Nous devrions parler du calendrier des vacances après la réunion.",
        "Le tableau de bord affiche moins d'erreurs depuis la dernière livraison.",
        "Ce matin, je vais mettre à jour les dépendances.",
        "L'objectif du sprint reste réaliste si la relecture se passe bien.",
    ],
}
SENTENCES_IN["en"] = SENTENCES
VARIANTS = ["m3", "f2", "m7", "f4"]  # one speaker a turn, in turn

out, minutes = sys.argv[1], float(sys.argv[2])
meeting = int(sys.argv[3]) if len(sys.argv) > 3 else 0
language = sys.argv[4] if len(sys.argv) > 4 else None
words_needed = int(minutes * 166)  # espeak-ng at "-s 150" says about 166 of these words a minute (measured)
stride = [7, 3, 5, 9, 11, 13][meeting % 6]  # prime to the 16 sentences: each is said once a pass
text, count, index = [], 0, meeting
sentences = SENTENCES_IN[language or "en"]
while count < words_needed:
    sentence = sentences[index % len(sentences)]
    text.append(sentence)
    count += len(sentence.split())
    index += stride  # a different order on each pass
with open(out + ".txt", "w") as reference:
    reference.write(" ".join(text))
raw = out + ".espeak.wav"
if language is None:
    subprocess.run(["espeak-ng", "-s", "150", "-f", out + ".txt", "-w", raw], check=True)
else:  # turns of about 80 words, each by the next voice, joined into one recording
    turns, words = [[]], 0
    for sentence in text:
        if words >= 80:
            turns.append([])
            words = 0
        turns[-1].append(sentence)
        words += len(sentence.split())
    frames, params = [], None
    for number, turn in enumerate(turns):
        part = f"{raw}.{number}.wav"
        subprocess.run(["espeak-ng", "-s", "150", "-v", f"{language}+{VARIANTS[number % len(VARIANTS)]}", "-w", part,
                        " ".join(turn)], check=True)
        with wave.open(part) as said:
            params = said.getparams()
            frames.append(said.readframes(said.getnframes()))
        os.remove(part)
    with wave.open(raw, "wb") as joined:
        joined.setparams(params)
        joined.writeframes(b"".join(frames))
Gst.init(None)
pipeline = Gst.parse_launch(
    f'filesrc location="{raw}" ! wavparse ! audioconvert ! audioresample ! '
    f'audio/x-raw,format=S16LE,rate=16000,channels=1 ! wavenc ! filesink location="{out}"')
pipeline.set_state(Gst.State.PLAYING)
pipeline.get_bus().timed_pop_filtered(Gst.CLOCK_TIME_NONE, Gst.MessageType.EOS | Gst.MessageType.ERROR)
pipeline.set_state(Gst.State.NULL)
os.remove(raw)
with wave.open(out) as audio:
    pcm = array.array("h", audio.readframes(audio.getnframes()))
with open(out + ".f32", "wb") as samples:
    array.array("f", (s / 32768 for s in pcm)).tofile(samples)
