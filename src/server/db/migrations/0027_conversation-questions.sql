CREATE TABLE "conversation_questions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"position" integer NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"texts" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "round_questions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"round_id" uuid NOT NULL,
	"question_id" uuid NOT NULL,
	"turn" integer NOT NULL,
	"shown_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "round_questions_turn_unique" UNIQUE("round_id","turn"),
	CONSTRAINT "round_questions_turn" CHECK ("round_questions"."turn" >= 1)
);
--> statement-breakpoint
ALTER TABLE "round_questions" ADD CONSTRAINT "round_questions_round_id_event_rounds_id_fk" FOREIGN KEY ("round_id") REFERENCES "public"."event_rounds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "round_questions" ADD CONSTRAINT "round_questions_question_id_conversation_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."conversation_questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "conversation_questions_position_idx" ON "conversation_questions" USING btree ("position");--> statement-breakpoint
CREATE INDEX "round_questions_question_idx" ON "round_questions" USING btree ("question_id");--> statement-breakpoint
-- The starting set of conversation starters (issue 40, part 3): the owner edits them in the settings.
INSERT INTO "conversation_questions" ("position", "texts") VALUES
(1, '{"hu":"Mi volt az első mozgásforma, amit igazán megszerettél?","en":"What''s the first kind of exercise you genuinely fell for?","es":"¿Cuál fue el primer deporte o actividad que de verdad te enganchó?","de":"Welche Sportart hat dich als erste so richtig gepackt?"}'::jsonb),
(2, '{"hu":"Melyik dal dob fel azonnal edzés közben?","en":"Which song gets you going the moment it comes on mid-workout?","es":"¿Qué canción te activa nada más sonar mientras entrenas?","de":"Bei welchem Song legst du im Training sofort einen Gang zu?"}'::jsonb),
(3, '{"hu":"Te a reggeli vagy az esti edzések híve vagy?","en":"Are you a morning mover or an evening one?","es":"¿Eres más de entrenar por la mañana o por la tarde?","de":"Trainierst du lieber frühmorgens oder am Abend?"}'::jsonb),
(4, '{"hu":"Mi az a kis dolog, ami mostanában jókedvre derített?","en":"What little thing has made you smile lately?","es":"¿Qué pequeña cosa te ha alegrado el día últimamente?","de":"Welche Kleinigkeit hat dir in letzter Zeit den Tag verschönert?"}'::jsonb),
(5, '{"hu":"Ha holnap bármilyen új sportot kipróbálhatnál, mi lenne az?","en":"If you could try any new sport tomorrow, what would it be?","es":"Si mañana pudieras probar cualquier deporte nuevo, ¿cuál elegirías?","de":"Wenn du morgen eine ganz neue Sportart ausprobieren könntest – welche wäre es?"}'::jsonb),
(6, '{"hu":"Hol mozogsz a legszívesebben a szabadban?","en":"Where''s your favourite place to be active outdoors?","es":"¿Cuál es tu lugar favorito para moverte al aire libre?","de":"Wo bist du am liebsten draußen in Bewegung?"}'::jsonb),
(7, '{"hu":"Mi segít, amikor semmi kedved edzeni menni?","en":"What gets you out of the door on days you really don''t feel like training?","es":"¿Qué te ayuda a salir a entrenar los días en que no te apetece nada?","de":"Was hilft dir an Tagen, an denen du so gar keine Lust aufs Training hast?"}'::jsonb),
(8, '{"hu":"Mire vagy mostanában büszke, akár egy egészen apró dologra is?","en":"What''s something you''re quietly proud of lately, big or small?","es":"¿De qué te sientes orgullosa últimamente, aunque sea algo pequeño?","de":"Worauf bist du in letzter Zeit stolz, ob groß oder klein?"}'::jsonb),
(9, '{"hu":"Mi a kedvenc falatod egy jó edzés után?","en":"What''s your favourite thing to eat after a good workout?","es":"¿Qué es lo que más te apetece comer después de entrenar?","de":"Was isst du nach dem Training am liebsten?"}'::jsonb),
(10, '{"hu":"Egyedül vagy társaságban edzel szívesebben?","en":"Do you prefer training on your own or with company?","es":"¿Prefieres entrenar sola o acompañada?","de":"Trainierst du lieber allein oder in Gesellschaft?"}'::jsonb),
(11, '{"hu":"Hol futnál, bringáznál vagy túráznál a legszívesebben a világon?","en":"Where in the world would you most love to go for a run, a ride or a hike?","es":"¿En qué rincón del mundo te encantaría correr, pedalear o hacer una ruta?","de":"Wo auf der Welt würdest du am liebsten mal laufen, radeln oder wandern?"}'::jsonb),
(12, '{"hu":"Mi volt a legviccesebb dolog, ami edzés közben történt veled?","en":"What''s the funniest thing that''s ever happened to you during a workout?","es":"¿Qué es lo más divertido que te ha pasado entrenando?","de":"Was ist das Lustigste, das dir beim Sport je passiert ist?"}'::jsonb),
(13, '{"hu":"Milyen lenne számodra a tökéletes szabad szombat délelőtt?","en":"What''s your idea of a perfect free Saturday morning?","es":"¿Cómo sería tu sábado por la mañana ideal?","de":"Wie sieht dein perfekter freier Samstagvormittag aus?"}'::jsonb),
(14, '{"hu":"Van valami, amit gyerekként imádtál csinálni, és ma is szívesen csinálnál?","en":"Is there something you loved doing as a child that you''d happily do again today?","es":"¿Hay algo que te encantaba hacer de pequeña y que volverías a hacer hoy?","de":"Gibt es etwas, das du als Kind geliebt hast und heute gern wieder machen würdest?"}'::jsonb),
(15, '{"hu":"Mit tanulsz vagy gyakorolsz mostanában, akár a sporton kívül?","en":"What are you learning or practising at the moment, in sport or anywhere else?","es":"¿Qué estás aprendiendo o practicando estos días, dentro o fuera del deporte?","de":"Was lernst oder übst du gerade, im Sport oder ganz woanders?"}'::jsonb),
(16, '{"hu":"Ki vagy mi indított el a rendszeres mozgás felé?","en":"Who or what first got you moving regularly?","es":"¿Quién o qué te animó a empezar a moverte con regularidad?","de":"Wer oder was hat dich dazu gebracht, regelmäßig Sport zu machen?"}'::jsonb),
(17, '{"hu":"Van egy kedvenc helyed a városban, ahová mindig visszajársz?","en":"Which spot in town do you keep going back to?","es":"¿Qué rincón de la ciudad es ese al que siempre vuelves?","de":"Welchen Ort in der Stadt besuchst du immer wieder gern?"}'::jsonb),
(18, '{"hu":"Mi volt eddig az év egyik legjobb pillanata?","en":"What''s been one of the best moments of your year so far?","es":"¿Cuál ha sido uno de los mejores momentos de tu año hasta ahora?","de":"Was war bisher einer der schönsten Momente in diesem Jahr?"}'::jsonb),
(19, '{"hu":"Ha a héten együtt edzenénk, mit csinálnánk?","en":"If we trained together this week, what would we do?","es":"Si entrenáramos juntas esta semana, ¿qué haríamos?","de":"Wenn wir diese Woche zusammen trainieren würden: was würden wir machen?"}'::jsonb),
(20, '{"hu":"Hogyan kapcsolsz ki legszívesebben egy hosszú nap után?","en":"How do you like to unwind after a long day?","es":"¿Cómo te gusta desconectar después de un día largo?","de":"Wie schaltest du nach einem langen Tag am liebsten ab?"}'::jsonb),
(21, '{"hu":"Van egy kis célod erre az évszakra?","en":"Is there a small goal you''d like to set yourself this season?","es":"¿Hay algún pequeño reto que te gustaría ponerte esta temporada?","de":"Gibt es ein kleines Ziel, das du dir für diese Jahreszeit vornehmen möchtest?"}'::jsonb);
