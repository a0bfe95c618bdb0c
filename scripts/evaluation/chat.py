"""A conversational corpus for evaluating search on questions: two long chats between friends,
one note per turn ("Omar: ..."), dated by session, and natural-language questions about them.

Written for the project (no outside data). Each question names its evidence by a fragment that
occurs in exactly one turn, so the labels survive edits to the other turns. The questions are
typed the way people ask about what someone said: most share a name and a word or two with the
turn that answers them, many share nothing else.
"""

from __future__ import annotations

from datetime import datetime, timedelta

Turn = tuple[str, str]
Session = tuple[str, list[Turn]]

OMAR_JONAS: list[Session] = [
    (
        "2026-03-02 19:10",
        [
            ("Omar", "Hey Jonas! Long time. How was the first week back at school after the break?"),
            ("Jonas", "Exhausting but good. My year nines are doing a project on rivers and they actually care."),
            ("Omar", "Nice. I spent the whole weekend at a hackathon downtown, barely slept."),
            ("Jonas", "No way, what did you build?"),
            ("Omar", "A tool that turns bus timetables into alerts on your phone. We came third out of forty teams."),
            ("Jonas", "Third is great! Did you win anything?"),
            (
                "Omar",
                "A gift card and a lot of free pizza. The real win was meeting the people from the transit office.",
            ),
            ("Jonas", "I have been thinking about running a half marathon this autumn. Crazy?"),
            ("Omar", "Not crazy at all. You used to run every morning at uni."),
            ("Jonas", "True, but my knees are thirty-five now. I signed up for the Hamburg one in October anyway."),
            ("Omar", "Biscuit says hi, by the way. He chewed through my laptop charger yesterday."),
            ("Jonas", "Ha, that dog has expensive taste."),
        ],
    ),
    (
        "2026-03-16 20:05",
        [
            ("Jonas", "So how did the hackathon thing end, did anything come of it?"),
            (
                "Omar",
                "The biggest lesson from that weekend: ship small. We wasted Saturday on a design nobody used,"
                " and everything that worked came from tiny pull requests we merged every hour.",
            ),
            ("Jonas", "That sounds like teaching. The lessons I over-plan are always the worst ones."),
            ("Omar", "The transit office emailed me, they want a pilot of the alerts app in two districts."),
            ("Jonas", "That's huge! Are they paying you?"),
            ("Omar", "A small contract, enough to cover three months if I go part time at the agency."),
            ("Jonas", "Do it. You've complained about the agency since 2023."),
            ("Omar", "I know. My sister Leila says I should, my parents think it's reckless."),
            ("Jonas", "I started training, by the way: three runs a week, the longest one 12 km on Sundays."),
            ("Omar", "How are the knees holding up?"),
            ("Jonas", "Left one grumbles on the downhill bits. My physio gave me exercises with a rubber band."),
        ],
    ),
    (
        "2026-04-07 18:40",
        [
            ("Omar", "Big news: I handed in my notice. Last day at the agency is April 30."),
            ("Jonas", "Congratulations! How does it feel?"),
            ("Omar", "Terrifying and great. I'm going to learn Rust properly for the backend of the alerts app."),
            ("Jonas", "Why Rust and not whatever you use now?"),
            (
                "Omar",
                "The old prototype in Node kept falling over with a few thousand users."
                " I want something boring and fast.",
            ),
            ("Jonas", "Makes sense. Our school finally got new laptops, all the kids have to share them though."),
            ("Omar", "Better than the ancient desktops you had."),
            ("Jonas", "Leila's wedding is in June, right? Are you giving a speech?"),
            ("Omar", "Yes, June 20 in Marseille, and I'm terrified of the speech more than of quitting my job."),
            ("Jonas", "Tell the story of her teaching you to ride a bike and crashing into the neighbour's roses."),
            ("Omar", "Oh that's perfect, she still brings up those roses."),
        ],
    ),
    (
        "2026-05-03 11:20",
        [
            ("Jonas", "I ran 18 km this morning without stopping. New record."),
            ("Omar", "Amazing! How long did it take?"),
            ("Jonas", "An hour and fifty-one minutes. Slow, but my coach says speed comes later."),
            ("Omar", "You have a coach now?"),
            (
                "Jonas",
                "Sort of, a running club that meets Wednesdays at the park. The organiser, Ines, writes our plans.",
            ),
            ("Omar", "First week as a freelancer done. I mostly fought with the Rust borrow checker."),
            ("Jonas", "Who won?"),
            (
                "Omar",
                "The compiler, every time. But the server now handles ten times the load on the same tiny machine.",
            ),
            ("Jonas", "I'm selling my old road bike, the blue one. Do you know anyone who wants it?"),
            ("Omar", "My cousin Karim might, he just moved to a flat near the canal and wants to cycle to work."),
            ("Jonas", "Send him my number. I'd take 300 euros for it."),
            ("Omar", "Biscuit had surgery on his paw last week, he stepped on glass at the beach."),
            ("Jonas", "Poor guy! Is he okay?"),
            ("Omar", "He's fine, wearing the cone of shame and sulking under the table."),
        ],
    ),
    (
        "2026-05-28 21:00",
        [
            ("Omar", "Karim bought your bike, he sent me a photo of him riding it to work."),
            ("Jonas", "Great, he was very polite. He even brought me a box of pastries from his bakery."),
            ("Omar", "He works at a bakery now? I thought he was still doing accounting."),
            ("Jonas", "He said he quit accounting last year and opened a bakery with his partner in the old town."),
            ("Omar", "Family news travels slowly in my family apparently."),
            ("Jonas", "What are your plans for the summer, once the wedding is over?"),
            ("Omar", "Work on the alerts pilot, and maybe a week in Lisbon in August if the contract is signed."),
            (
                "Jonas",
                "My summer plan is a hiking trip in the Dolomites with my brother Felix, hut to hut for six days.",
            ),
            ("Omar", "Six days of hiking right before a half marathon? Your knees will hate you."),
            ("Jonas", "The physio said hills are good training as long as I go slowly downhill."),
            ("Jonas", "Also, I'm reading a book on how memory works, Moonwalking with Einstein. Have you read it?"),
            ("Omar", "No, is it good?"),
            ("Jonas", "Very. The memory palace trick actually works, I memorised my class list in ten minutes."),
        ],
    ),
    (
        "2026-06-24 17:45",
        [
            ("Jonas", "How was the wedding? How did the speech go?"),
            ("Omar", "People laughed at the roses story and Leila cried. I think it went well."),
            ("Jonas", "Told you. Where are they going for the honeymoon?"),
            ("Omar", "Japan, three weeks. Leila has planned every day in a spreadsheet."),
            ("Jonas", "School is out on July 10. I can't wait."),
            ("Omar", "The transit office signed! The pilot is extended to the whole city from September."),
            ("Jonas", "That's incredible. You'll need help then?"),
            ("Omar", "I'm hiring my first developer, Ana, who I met at the hackathon. She did the maps part."),
            ("Jonas", "From hackathon to startup in four months. Not bad."),
            ("Omar", "My mum keeps asking when I'll get a real job though."),
            ("Jonas", "Mine asks when I'll stop running and start a family, so we're even."),
        ],
    ),
    (
        "2026-07-22 09:30",
        [
            ("Jonas", "Back from the Dolomites! It rained for two days but the rest was unreal."),
            ("Omar", "Welcome back! Did Felix keep up?"),
            ("Jonas", "He was faster than me uphill, I was faster downhill. We argued about maps every evening."),
            ("Omar", "Classic brothers."),
            ("Jonas", "We slept in a hut at 2,700 metres and watched the sunrise over the Marmolada glacier."),
            ("Omar", "Jealous. I've been inside for weeks. Ana and I rewrote the notification service."),
            ("Jonas", "Is Rust still winning?"),
            ("Omar", "It's fast, but hiring is hard, few people know it. Ana learned it in a month though."),
            ("Jonas", "My knee swelled up after the last descent. I'm icing it and skipping the club this week."),
            ("Omar", "Don't wreck it before October."),
            ("Jonas", "I know. Ines changed my plan: two easy weeks, then back to long runs."),
        ],
    ),
    (
        "2026-08-18 20:15",
        [
            ("Omar", "I'm in Lisbon! Working from a café with a view of the river."),
            ("Jonas", "Nice. Is it a holiday or a work trip?"),
            ("Omar", "Both. I'm meeting a tram company here who saw the alerts pilot in the news."),
            ("Jonas", "International expansion already!"),
            ("Omar", "Calm down, it's one meeting. But they asked for a demo in Portuguese."),
            ("Jonas", "My knee is better. Ran 21 km last Sunday, the full distance, at an easy pace."),
            ("Omar", "So you're ready for Hamburg?"),
            ("Jonas", "Almost. Ines wants me under two hours. I'm at two hours five."),
            ("Jonas", "Also I adopted a cat. Her name is Pfeffer, she's grey and hates my running shoes."),
            ("Omar", "Biscuit will be so offended."),
            ("Jonas", "They'll never meet, don't worry. How's Ana doing?"),
            ("Omar", "She's running the team while I'm away. She's better at planning sprints than I am."),
        ],
    ),
]

PRIYA_MEI: list[Session] = [
    (
        "2026-02-20 08:15",
        [
            ("Priya", "Mei! I got the job in Lisbon. The hospital called this morning."),
            ("Mei", "What?! Congratulations! Which hospital?"),
            ("Priya", "Santa Maria, on the cardiology ward. I start on April 1."),
            ("Mei", "So you're really moving. I'll miss our Sunday dumplings."),
            ("Priya", "You'll visit. I need someone to help me pick furniture anyway, you're the architect."),
            ("Mei", "Deal. Speaking of which, I finally bought the flat on Elm Street. It needs everything redone."),
            ("Priya", "Everything? Like the kitchen too?"),
            ("Mei", "Kitchen, bathroom, floors. The previous owner painted the ceilings brown. Brown!"),
            ("Priya", "What are you doing with Mango while you move things around? He hates noise."),
            ("Mei", "He's staying with my mother for a month. She spoils him with tuna."),
        ],
    ),
    (
        "2026-03-12 22:40",
        [
            ("Mei", "How's packing going?"),
            ("Priya", "Awful. I own forty mugs. Why do I own forty mugs?"),
            ("Mei", "Because you never say no at pottery class."),
            ("Priya", "Fair. I'm taking my wheel-thrown ones and giving the rest to the charity shop."),
            ("Priya", "I started Portuguese lessons online, twice a week. The pronunciation is brutal."),
            ("Mei", "Say something!"),
            ("Priya", "Obrigada. That's all I can say without sounding like a robot."),
            ("Mei", "The builders started on Monday. They found water damage under the bathroom floor."),
            ("Priya", "Oh no, is that expensive?"),
            ("Mei", "About four thousand more than planned. I'm cutting the fancy tiles to pay for it."),
            ("Mei", "Also my mum is having knee surgery on March 30, so I'll be in Leeds that week."),
            ("Priya", "Send her my love. Tell her to do the exercises, nobody does the exercises."),
        ],
    ),
    (
        "2026-04-15 19:00",
        [
            ("Priya", "Two weeks on the ward. The team is lovely, the night shifts are brutal."),
            ("Mei", "How's the flat?"),
            ("Priya", "Tiny, on the fifth floor, no lift, but the balcony sees the whole river."),
            ("Mei", "How is your Portuguese holding up at work?"),
            ("Priya", "Patients are patient, ha. My colleague Rui corrects me in a kind way and teaches me slang."),
            ("Mei", "Mum's surgery went well. She's walking with a frame and complaining about hospital food."),
            ("Priya", "That's a good sign, complaining means she's feeling better."),
            ("Mei", "I joined a book club at the library, we're reading The Remains of the Day."),
            ("Priya", "Oh I loved that one. The butler breaks my heart."),
            ("Mei", "Everyone at the club hates him, I'm the only one defending him."),
        ],
    ),
    (
        "2026-05-20 07:50",
        [
            ("Mei", "The kitchen is done! Green cabinets and an oak worktop."),
            ("Priya", "Send photos! Did you keep the big window?"),
            ("Mei", "I made it bigger, actually. The structural engineer almost fainted but it's fine."),
            (
                "Priya",
                "I signed up for a pottery studio here. They have a kiln and a teacher who only speaks Portuguese.",
            ),
            ("Mei", "Perfect for your lessons. Two hobbies in one."),
            ("Priya", "That was the plan. I made a lopsided bowl and called it modern art."),
            (
                "Mei",
                "I'm planning a trip to Kyoto in October with my sister Lin, we want to see the temples in autumn.",
            ),
            ("Priya", "That's the best season. Book the ryokan early, they fill up."),
            ("Mei", "Already booked, three nights near Arashiyama."),
            ("Priya", "I'm jealous. My holidays are blocked until December because I'm new."),
        ],
    ),
    (
        "2026-06-30 23:05",
        [
            ("Priya", "I'm thinking of getting a cat here. The flat feels empty after the night shift."),
            ("Mei", "Do it! Get a ginger one, they're chaos."),
            ("Priya", "Rui's neighbour has kittens, I might take one next week."),
            ("Mei", "The bathroom is finished, so the flat is finally liveable. I moved in on Saturday."),
            ("Priya", "Congratulations! Housewarming?"),
            ("Mei", "In September, when the floors are done. You're invited, obviously."),
            ("Mei", "Book club update: we're on Piranesi now, it's so strange and I love it."),
            ("Priya", "Never heard of it. What's it about?"),
            ("Mei", "A man living alone in an endless house full of statues and tides. Hard to explain."),
            ("Priya", "Lisbon is hot, 38 degrees today. The ward's air conditioning broke."),
            ("Mei", "That sounds dangerous for the patients."),
            ("Priya", "We moved the oldest ones to the other wing. Long day."),
        ],
    ),
    (
        "2026-07-28 18:30",
        [
            ("Priya", "Meet Sardinha! She's tiny, black and white, and she bit Rui."),
            ("Mei", "Sardinha means little sardine, right? Cute."),
            ("Priya", "Exactly. She sleeps on my pottery apron."),
            ("Mei", "Mum is walking without the frame now. She went to her dance class on Thursday."),
            ("Priya", "Amazing recovery. Tell her I said so."),
            ("Mei", "I got promoted at the firm, I'm leading the library project in Sheffield."),
            ("Priya", "Mei! That's the one you wanted for years!"),
            ("Mei", "Yes, a public library with a reading garden on the roof. I start the design in August."),
            ("Priya", "I passed my first Portuguese exam, level B1."),
            ("Mei", "Parabéns! Did I say that right?"),
            ("Priya", "Perfectly. Rui says my accent now sounds like his grandmother's."),
        ],
    ),
    (
        "2026-08-21 12:10",
        [
            ("Mei", "Lin and I changed the Kyoto plans, we're adding two days in Osaka for the food."),
            ("Priya", "Eat okonomiyaki for me."),
            ("Priya", "Guess who I ran into at a café near the river: a developer from London building tram alerts."),
            ("Mei", "Small world. Was he nice?"),
            ("Priya", "Very, he has a dog called Biscuit and a lot of opinions about timetables."),
            ("Mei", "The floors are finally done. Herringbone oak, it took the builders three weeks."),
            ("Priya", "So the housewarming is on?"),
            ("Mei", "September 12. I'm making dumplings, like our Sundays."),
            ("Priya", "I'll try to fly over. I have to swap a shift with Rui."),
            ("Mei", "The library project had its first client meeting. They loved the roof garden."),
        ],
    ),
]

# (question, fragments of the turns that answer it: each fragment occurs in exactly one turn)
QUESTIONS: list[tuple[str, list[str]]] = [
    ("What did Omar learn after the hackathon?", ["The biggest lesson from that weekend"]),
    ("What did Omar build at the hackathon?", ["turns bus timetables into alerts"]),
    ("What place did Omar's team get at the hackathon?", ["We came third out of forty teams"]),
    ("Which race is Jonas training for?", ["I signed up for the Hamburg one in October"]),
    ("What is the name of Omar's dog?", ["Biscuit says hi"]),
    ("What happened to Omar's laptop charger?", ["chewed through my laptop charger"]),
    ("Who offered Omar a contract?", ["The transit office emailed me"]),
    ("What does Omar's family think about him quitting?", ["my parents think it's reckless"]),
    ("How often does Jonas run?", ["three runs a week"]),
    ("What did the physio give Jonas for his knee?", ["exercises with a rubber band"]),
    ("When is Omar's last day at the agency?", ["Last day at the agency is April 30"]),
    ("Why did Omar choose Rust?", ["kept falling over with a few thousand users"]),
    ("Where is Leila's wedding?", ["June 20 in Marseille"]),
    ("What story should Omar tell in his speech?", ["crashing into the neighbour's roses"]),
    ("How long did Jonas's 18 km run take?", ["An hour and fifty-one minutes"]),
    ("Who writes the training plans at the running club?", ["The organiser, Ines, writes our plans"]),
    ("How much does Jonas want for his bike?", ["I'd take 300 euros for it"]),
    ("Who might buy Jonas's old bike?", ["My cousin Karim might"]),
    ("What happened to Biscuit at the beach?", ["stepped on glass at the beach"]),
    ("What does Karim do for work now?", ["opened a bakery with his partner"]),
    ("What are Jonas's plans for the summer?", ["hiking trip in the Dolomites with my brother Felix"]),
    ("What are Omar's plans for the summer?", ["maybe a week in Lisbon in August"]),
    ("Which book is Jonas reading?", ["Moonwalking with Einstein"]),
    ("What memory trick did Jonas try?", ["memory palace trick actually works"]),
    ("How did Omar's speech at the wedding go?", ["People laughed at the roses story"]),
    ("Where did Leila go on her honeymoon?", ["Japan, three weeks"]),
    ("Who is Omar's first employee?", ["I'm hiring my first developer, Ana"]),
    ("When does the alerts pilot cover the whole city?", ["extended to the whole city from September"]),
    ("How was the weather in the Dolomites?", ["It rained for two days"]),
    ("Where did Jonas watch the sunrise?", ["sunrise over the Marmolada glacier"]),
    ("Why is hiring hard for Omar's company?", ["hiring is hard, few people know it"]),
    ("What happened to Jonas's knee after the hike?", ["My knee swelled up after the last descent"]),
    ("Why is Omar in Lisbon?", ["meeting a tram company here"]),
    ("What is Jonas's half marathon time?", ["I'm at two hours five"]),
    ("What is the name of Jonas's cat?", ["Her name is Pfeffer"]),
    ("Who runs Omar's team while he travels?", ["She's running the team while I'm away"]),
    ("Which hospital hired Priya?", ["Santa Maria, on the cardiology ward"]),
    ("When does Priya start her new job?", ["I start on April 1"]),
    ("What did Mei buy?", ["I finally bought the flat on Elm Street"]),
    ("What colour were the ceilings in Mei's flat?", ["painted the ceilings brown"]),
    ("Who is looking after Mango?", ["He's staying with my mother for a month"]),
    ("How many mugs does Priya have?", ["I own forty mugs"]),
    ("How is Priya learning Portuguese?", ["I started Portuguese lessons online"]),
    ("What did the builders find in Mei's bathroom?", ["found water damage under the bathroom floor"]),
    ("How much extra did the water damage cost?", ["About four thousand more than planned"]),
    ("When is Mei's mother's operation?", ["knee surgery on March 30"]),
    ("What is Priya's apartment in Lisbon like?", ["on the fifth floor, no lift"]),
    ("Who helps Priya with Portuguese at work?", ["My colleague Rui corrects me"]),
    ("How did the surgery on Mei's mum go?", ["Mum's surgery went well"]),
    ("What is Mei's book club reading?", ["we're reading The Remains of the Day", "we're on Piranesi now"]),
    ("What does Mei's new kitchen look like?", ["Green cabinets and an oak worktop"]),
    ("What did Mei do with the kitchen window?", ["I made it bigger, actually"]),
    ("Where is Mei travelling in the autumn?", ["trip to Kyoto in October with my sister Lin"]),
    ("Where is Mei staying in Kyoto?", ["three nights near Arashiyama"]),
    ("When can Priya take holidays?", ["My holidays are blocked until December"]),
    ("When did Mei move into her flat?", ["I moved in on Saturday"]),
    ("What is Piranesi about?", ["endless house full of statues and tides"]),
    ("What happened at the hospital during the heatwave?", ["The ward's air conditioning broke"]),
    ("What is the name of Priya's kitten?", ["Meet Sardinha!"]),
    ("What project is Mei leading after her promotion?", ["leading the library project in Sheffield"]),
    ("Which Portuguese exam did Priya pass?", ["I passed my first Portuguese exam, level B1"]),
    ("Who did Priya meet at a café in Lisbon?", ["a developer from London building tram alerts"]),
    ("When is Mei's housewarming?", ["September 12. I'm making dumplings"]),
    ("What kind of floors did Mei choose?", ["Herringbone oak"]),
    ("How did the client like the library design?", ["They loved the roof garden"]),
    ("What does Jonas teach his year nines about?", ["project on rivers"]),
    ("How is Mei's mother recovering?", ["walking with a frame", "walking without the frame now"]),
]


def session_notes(sessions: list[Session]) -> list[tuple[str, datetime]]:
    """Every turn of one chat as a note text ("Name: words") with its time: the session's start
    plus a minute per turn."""
    notes = []
    for start, turns in sessions:
        began = datetime.fromisoformat(start)
        for i, (speaker, words) in enumerate(turns):
            notes.append((f"{speaker}: {words}", began + timedelta(minutes=i)))
    return notes


def chat_notes() -> list[tuple[str, datetime]]:
    """Both chats' turns as notes (see :func:`session_notes`)."""
    return session_notes(OMAR_JONAS) + session_notes(PRIYA_MEI)


def evidence(notes: list[str], fragment: str) -> int:
    """The index of the one note holding ``fragment`` (a label that matches none or several is a bug)."""
    found = [i for i, text in enumerate(notes) if fragment in text]
    if len(found) != 1:
        raise ValueError(f"evidence {fragment!r} matches {len(found)} turns")
    return found[0]
